package dev.boxmaker.bxctl;

import dev.boxmaker.proto.client.Wait;
import dev.boxmaker.proto.text.Escape;
import dev.boxmaker.proto.wire.msg.MemoryAdmin;
import dev.boxmaker.proto.wire.msg.MemoryAdminReply;
import java.time.Duration;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * {@code bxctl memory log --all [--before ID]}: every journalled edit, newest first, asked of memoryd
 * a page at a time ({@code log "200 before ID"}, the id being the oldest of the page before) and
 * printed as each page comes, so the whole log is never held: 100,000 edits print in a page's memory.
 * The pages print as one listing would: each page's text, escaped, and a newline at the end.
 */
final class LogPages {
    /**
     * The edits asked for at once: within memoryd's own limit of 1,000 a request, and well under a
     * frame's 16 MiB (an edit's listing, every entry of a full file escaped, is under 48 KiB).
     */
    static final int LOG_PAGE_EDITS = 200;

    /** What {@code bxctl memory log --before ID} lists without N: memoryd's own default of 20. */
    static final int LOG_DEFAULT_EDITS = 20;

    /**
     * An edit's header line in memoryd's listing: its id (four digits, or past 9,999 edits a day a
     * letter and more digits: {@code 2026-09-24-a10000}), two spaces, its time.
     */
    private static final Pattern HEADER = Pattern.compile("(?m)^(\\d{4}-\\d{2}-\\d{2}-(?:\\d{4}|[a-z]\\d{5,}))  ");

    private LogPages() {
    }

    /**
     * Asks for page after page until one holds fewer than {@link #LOG_PAGE_EDITS} edits and was not
     * cut by memoryd to fit one answer (its last line {@code Sentences.logCut}, which is not printed).
     */
    static int all(MemoryCommand memory, String before) {
        Bxctl top = memory.top;
        if (top.json) {
            return LogLines.all(memory, before);
        }
        String[] last = {before};
        int[] edits = new int[1];
        boolean[] cut = new boolean[1];
        for (boolean first = true; ; first = false) {
            String arg = LOG_PAGE_EDITS + (last[0] == null ? "" : " before " + last[0]);
            boolean printEmpty = first;
            int code = DaemonCall.runShown(top, top.memorySocket(), new MemoryAdmin("log", arg),
                    Duration.ofSeconds(Wait.MEMORY_ADMIN_SECONDS), MemoryCommand.RUNBOOK, MemoryAdminReply.class, reply -> {
                        String text = reply.text();
                        // A page memoryd cut to fit one answer is followed by the next, not ended with.
                        int cutAt = text.lastIndexOf("\n" + dev.boxmaker.proto.Sentences.LOG_CUT_PREFIX) + 1;
                        cut[0] = cutAt > 0 || text.startsWith(dev.boxmaker.proto.Sentences.LOG_CUT_PREFIX);
                        if (cut[0]) {
                            text = text.substring(0, cutAt);
                        }
                        edits[0] = 0;
                        Matcher m = HEADER.matcher(text);
                        while (m.find()) {
                            edits[0]++;
                            last[0] = m.group(1);
                        }
                        if (edits[0] > 0 || printEmpty) {
                            top.out().print(Escape.escape(text));
                        }
                        top.out().flush();
                        return Exit.DONE;
                    });
            if (code != Exit.DONE || (edits[0] < LOG_PAGE_EDITS && !(cut[0] && edits[0] > 0))) {
                if (code == Exit.DONE) {
                    top.out().println();
                }
                return code;
            }
        }
    }
}
