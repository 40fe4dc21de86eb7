package dev.boxmaker.bxctl;

import static org.assertj.core.api.Assertions.assertThat;

import dev.boxmaker.proto.server.Handler;
import dev.boxmaker.proto.server.HandlerRefusal;
import dev.boxmaker.proto.testing.RunningServer;
import dev.boxmaker.proto.wire.msg.MemoryAdmin;
import dev.boxmaker.proto.wire.msg.MemoryAdminReply;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.io.Writer;
import java.nio.file.Path;
import java.time.Duration;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code bxctl memory log --all | --before ID} against a fake memoryd that answers pages of a journal
 * of {@code total} edits, made up as they are asked for: the exact output, the pages asked for at
 * each boundary, and 100,000 edits streamed page by page.
 */
class LogPagesTest {
    record Run(int code, String out, String err) {
    }

    @TempDir
    Path home;
    RunningServer memoryd;
    final List<String> asked = new CopyOnWriteArrayList<>();
    /** Header lines bxctl had printed when each page was asked for. */
    final List<Integer> printedWhenAsked = new CopyOnWriteArrayList<>();
    final HeaderCounter counter = new HeaderCounter();

    @AfterEach
    void stop() throws Exception {
        if (memoryd != null) {
            memoryd.close();
        }
    }

    /** Edit i (1 is the oldest): 1,000 a day from 2026-01-01. */
    static String id(int i) {
        return LocalDate.of(2026, 1, 1).plusDays((i - 1) / 1000) + String.format("-%04d", (i - 1) % 1000 + 1);
    }

    static int index(String id) {
        int day = (int) (LocalDate.parse(id.substring(0, 10)).toEpochDay() - LocalDate.of(2026, 1, 1).toEpochDay());
        return day * 1000 + Integer.parseInt(id.substring(11));
    }

    static String edit(int i) {
        return id(i) + "  2026-01-01T10:00:00Z  chat-x  add memory → memory.md\n  + entry " + i + "\n";
    }

    /** memoryd's log over {@code total} edits: "N" the newest N, "N before ID" the N before it. */
    void serve(int total) throws Exception {
        Handler<MemoryAdmin> handler = request -> {
            asked.add(request.arg());
            printedWhenAsked.add(counter.headers);
            String[] parts = request.arg().split(" ");
            int n = Integer.parseInt(parts[0]);
            int from = parts.length == 3 ? index(parts[2]) - 1 : total;
            if (parts.length == 3 && index(parts[2]) > total) {
                throw new HandlerRefusal("no edit has the id \"" + parts[2] + "\"; bxctl memory log lists them", null);
            }
            if (from < 1) {
                return new MemoryAdminReply(total == 0 ? "no edits yet" : "no edits before " + parts[2]);
            }
            StringBuilder page = new StringBuilder();
            for (int i = from; i > Math.max(0, from - n); i--) {
                page.append(edit(i));
            }
            return new MemoryAdminReply(page.toString());
        };
        memoryd = RunningServer.start(home.resolve("run/owner-memory/admin.sock"), Map.of(MemoryAdmin.KIND, handler),
                Duration.ofSeconds(10));
    }

    Run bxctl(Writer out, String... args) {
        StringWriter err = new StringWriter();
        int code = Bxctl.run(args, new PrintWriter(out), new PrintWriter(err), Map.of("BOXMAKER_HOME", home.toString()));
        return new Run(code, out.toString(), err.toString());
    }

    Run bxctl(String... args) {
        return bxctl(new StringWriter(), args);
    }

    static String edits(int newest, int oldest) {
        StringBuilder out = new StringBuilder();
        for (int i = newest; i >= oldest; i--) {
            out.append(edit(i));
        }
        return out.toString();
    }

    @Test
    void allWithAFewEditsPrintsThemNewestFirstAsOneListing() throws Exception {
        serve(3);
        assertThat(bxctl("memory", "log", "--all")).isEqualTo(new Run(0,
                "2026-01-01-0003  2026-01-01T10:00:00Z  chat-x  add memory → memory.md\n  + entry 3\n"
                        + "2026-01-01-0002  2026-01-01T10:00:00Z  chat-x  add memory → memory.md\n  + entry 2\n"
                        + "2026-01-01-0001  2026-01-01T10:00:00Z  chat-x  add memory → memory.md\n  + entry 1\n\n", ""));
        assertThat(asked).containsExactly("200");
    }

    @Test
    void anEmptyLogSaysSo() throws Exception {
        serve(0);
        assertThat(bxctl("memory", "log", "--all")).isEqualTo(new Run(0, "no edits yet\n", ""));
    }

    @Test
    void pagesEndAtAShortPageAndAFullLastPageAsksOnceMore() throws Exception {
        serve(400);
        assertThat(bxctl("memory", "log", "--all")).isEqualTo(new Run(0, edits(400, 1) + "\n", ""));
        assertThat(asked).containsExactly("200", "200 before " + id(201), "200 before " + id(1));

        asked.clear();
        assertThat(bxctl("memory", "log", "--all", "--before", id(202))).isEqualTo(new Run(0, edits(201, 1) + "\n", ""));
        assertThat(asked).containsExactly("200 before " + id(202), "200 before " + id(2));
    }

    @Test
    void beforeAloneIsOnePageOfTwentyOrN() throws Exception {
        serve(50);
        assertThat(bxctl("memory", "log", "--before", id(30))).isEqualTo(new Run(0, edits(29, 10) + "\n", ""));
        assertThat(bxctl("memory", "log", "3", "--before", id(30))).isEqualTo(new Run(0, edits(29, 27) + "\n", ""));
        assertThat(bxctl("memory", "log", "--before", id(1))).isEqualTo(new Run(0, "no edits before 2026-01-01-0001\n", ""));
        assertThat(asked).containsExactly("20 before " + id(30), "3 before " + id(30), "20 before " + id(1));
    }

    @Test
    void allAndNTogetherIsUsageAndARefusalIsPrintedWithExitOne() throws Exception {
        serve(10);
        Run both = bxctl("memory", "log", "5", "--all");
        assertThat(both.code()).isEqualTo(2);
        assertThat(both.err()).startsWith("give a number of edits or --all, not both\n");
        assertThat(asked).isEmpty();

        assertThat(bxctl("memory", "log", "--all", "--before", id(11))).isEqualTo(new Run(1, "",
                "no edit has the id \"2026-01-01-0011\"; bxctl memory log lists them\n"));
    }

    /** A journal of {@code ids}, oldest first, served as memoryd does; {@code cutAfter} edits a page at most, then its cut line. */
    void serveIds(List<String> ids, int cutAfter) throws Exception {
        Handler<MemoryAdmin> handler = request -> {
            asked.add(request.arg());
            String[] parts = request.arg().split(" ");
            int n = Integer.parseInt(parts[0]);
            int from = parts.length == 3 ? ids.indexOf(parts[2]) - 1 : ids.size() - 1;
            if (from < 0) {
                return new MemoryAdminReply("no edits before " + parts[2]);
            }
            StringBuilder page = new StringBuilder();
            int listed = Math.min(n, from + 1);
            for (int i = from; i > from - Math.min(listed, cutAfter); i--) {
                page.append(ids.get(i)).append("  2026-01-01T10:00:00Z  chat-x  note → notes.md\n  + n\n");
            }
            if (listed > cutAfter) {
                page.append(dev.boxmaker.proto.Sentences.logCut(cutAfter, listed, ids.get(from - cutAfter + 1))).append('\n');
            }
            return new MemoryAdminReply(page.toString());
        };
        memoryd = RunningServer.start(home.resolve("run/owner-memory/admin.sock"), Map.of(MemoryAdmin.KIND, handler),
                Duration.ofSeconds(10));
    }

    static String noted(List<String> ids) {
        StringBuilder out = new StringBuilder();
        for (int i = ids.size() - 1; i >= 0; i--) {
            out.append(ids.get(i)).append("  2026-01-01T10:00:00Z  chat-x  note → notes.md\n  + n\n");
        }
        return out.toString();
    }

    @Test
    void idsPastTheDaysNineThousandNineHundredNinetyNinthEditArePagedLikeAnyOther() throws Exception {
        List<String> ids = new ArrayList<>();
        for (int i = 9_901; i <= 10_150; i++) {
            ids.add("2026-01-01-" + (i < 10_000 ? String.valueOf(i) : "a" + i));
        }
        serveIds(ids, Integer.MAX_VALUE);
        assertThat(bxctl("memory", "log", "--all")).isEqualTo(new Run(0, noted(ids) + "\n", ""));
        assertThat(asked).containsExactly("200", "200 before 2026-01-01-9951");
    }

    @Test
    void aPageMemorydCutToFitOneAnswerIsFollowedByTheNextAndItsCutLineIsNotPrinted() throws Exception {
        List<String> ids = new ArrayList<>();
        for (int i = 1; i <= 7; i++) {
            ids.add(id(i));
        }
        serveIds(ids, 3);
        assertThat(bxctl("memory", "log", "--all")).isEqualTo(new Run(0, noted(ids) + "\n", ""));
        assertThat(asked).containsExactly("200", "200 before " + id(5), "200 before " + id(2));
    }

    /** 100,000 edits: every one printed once, newest first, each page printed before the next is asked for. */
    @Test
    void aHundredThousandEditsStreamPageByPage() throws Exception {
        int total = 100_000;
        serve(total);
        Run run = bxctl(counter, "memory", "log", "--all");

        assertThat(run.code()).as(run.err()).isZero();
        assertThat(counter.headers).isEqualTo(total);
        assertThat(counter.outOfOrder).isZero();
        assertThat(counter.lastEntry).isEqualTo("  + entry 1");
        assertThat(asked).hasSize(total / LogPages.LOG_PAGE_EDITS + 1);
        List<Integer> expected = new ArrayList<>();
        for (int page = 0; page <= total / LogPages.LOG_PAGE_EDITS; page++) {
            expected.add(page * LogPages.LOG_PAGE_EDITS);
        }
        assertThat(printedWhenAsked).isEqualTo(expected);
    }

    /** Reads bxctl's output line by line as it is written, keeping only counts. */
    static final class HeaderCounter extends Writer {
        final StringBuilder line = new StringBuilder();
        volatile int headers;
        int outOfOrder;
        int expectedNext = 100_000;
        String lastEntry;

        @Override
        public void write(char[] buf, int off, int len) {
            for (int i = off; i < off + len; i++) {
                if (buf[i] != '\n') {
                    line.append(buf[i]);
                    continue;
                }
                String l = line.toString();
                line.setLength(0);
                if (l.startsWith("  + ")) {
                    lastEntry = l;
                } else if (!l.isEmpty()) {
                    if (!l.startsWith(id(expectedNext) + "  ")) {
                        outOfOrder++;
                    }
                    expectedNext--;
                    headers++;
                }
            }
        }

        @Override
        public void flush() {
        }

        @Override
        public void close() {
        }

        @Override
        public String toString() {
            return "(" + headers + " edits counted)";
        }
    }
}
