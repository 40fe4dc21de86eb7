package dev.boxmaker.memoryd.edits;

import com.fasterxml.jackson.core.JsonProcessingException;
import dev.boxmaker.memoryd.files.Durable;
import dev.boxmaker.memoryd.files.Invariants;
import dev.boxmaker.proto.Json;
import dev.boxmaker.proto.log.UnfinishedLine;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * The edit journal, {@code edits/YYYY-MM.jsonl}: one JSON line per applied edit, appended and
 * flushed before the answer is sent. The month is the one in the edit's id, so an edit and its id
 * are always in the same file.
 */
public final class Journal {
    /** How a line goes into its file: {@link Durable#append}, or, in tests, one that fails partway. */
    @FunctionalInterface
    interface Appender {
        void append(Path file, String text) throws IOException;
    }

    private final Path dir;
    private final Appender appender;

    public Journal(Path dir) {
        this(dir, Durable::append);
    }

    /** A journal whose appends go through {@code disk}. */
    public Journal(Path dir, dev.boxmaker.memoryd.files.Disk disk) {
        this(dir, disk::append);
    }

    Journal(Path dir, Appender appender) {
        this.dir = dir;
        this.appender = appender;
    }

    /** The exact line an edit is journalled as, without its newline. */
    public static String line(Edit edit) {
        try {
            return Json.MAPPER.writeValueAsString(edit);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("an edit cannot be written as JSON", e);
        }
    }

    public void append(Edit edit) throws IOException {
        String line = line(edit);
        Invariants.check(!line.contains("\n"), "a journal line holds a newline");
        appendOrCut(appender, monthFile(edit.id()), line + "\n");
    }

    /**
     * Appends {@code text} to {@code file}; when that fails, the bytes that went in are cut off (and
     * logged) before the failure is thrown, so the next line starts on a line of its own.
     */
    static void appendOrCut(Appender appender, Path file, String text) throws IOException {
        UnfinishedLine.appendOrCut(file, () -> appender.append(file, text), Durable::dropUnfinishedLine);
    }

    /**
     * Cuts an unfinished last line off each month's file: an append a stop interrupted, which was
     * never answered (an edit's files are written only after its line), and which the next append
     * would otherwise glue its own line onto, leaving a line that does not parse and a journal that
     * stops memoryd's start. For the store's opening, before anything is appended.
     */
    public void dropUnfinishedLines() throws IOException {
        for (Path month : months()) {
            Durable.dropUnfinishedLine(month);
        }
    }

    /** The month file that holds, or will hold, the edit {@code id}. */
    public Path fileOf(String id) {
        return monthFile(id);
    }

    private Path monthFile(String id) {
        return dir.resolve(id.substring(0, 7) + ".jsonl");
    }

    /** Every edit, oldest first (month files in name order, lines in file order). */
    public List<Edit> readAll() throws IOException {
        List<Edit> edits = new ArrayList<>();
        for (Path month : months()) {
            edits.addAll(readFile(month));
        }
        return edits;
    }

    /** The edit with this id, if the journal holds it. */
    public java.util.Optional<Edit> find(String id) throws IOException {
        Path month = monthFile(id);
        if (!Files.exists(month)) {
            return java.util.Optional.empty();
        }
        return readFile(month).stream().filter(e -> e.id().equals(id)).findFirst();
    }

    /** The last {@code n} edits, oldest first, reading month files from the newest back. */
    public List<Edit> last(int n) throws IOException {
        List<Path> months = months();
        List<Edit> out = new ArrayList<>();
        for (int i = months.size() - 1; i >= 0 && out.size() < n; i--) {
            List<Edit> month = readFile(months.get(i));
            int from = Math.max(0, month.size() - (n - out.size()));
            out.addAll(0, month.subList(from, month.size()));
        }
        return out;
    }

    /**
     * At most {@code n} edits journalled before the edit {@code id}, oldest first (the page of
     * {@code bxctl memory log --before ID}); empty when the journal holds no edit {@code id}. Only
     * the lines of the page are parsed: the edit is found in its month by its line's start, as
     * {@link #line} writes it, so paging back through a large month does not parse it whole each time.
     */
    public java.util.Optional<List<Edit>> before(String id, int n) throws IOException {
        List<Path> months = months();
        int m = months.indexOf(monthFile(id));
        if (m < 0) {
            return java.util.Optional.empty();
        }
        String[] lines = Durable.readOrEmpty(months.get(m)).split("\n", -1);
        String start = "{\"id\":\"" + id + "\",";
        int at = 0;
        while (at < lines.length - 1 && !lines[at].startsWith(start)) {
            at++;
        }
        if (at == lines.length - 1) {
            return java.util.Optional.empty();
        }
        List<Edit> out = new ArrayList<>();
        for (int i = at - 1; i >= 0 && out.size() < n; i--) {
            if (!lines[i].isBlank()) {
                out.add(0, JsonLines.parse(months.get(m), lines[i], i));
            }
        }
        for (int i = m - 1; i >= 0 && out.size() < n; i--) {
            List<Edit> month = readFile(months.get(i));
            out.addAll(0, month.subList(Math.max(0, month.size() - (n - out.size())), month.size()));
        }
        return java.util.Optional.of(out);
    }

    private List<Path> months() throws IOException {
        if (!Files.isDirectory(dir)) {
            return List.of();
        }
        try (Stream<Path> files = Files.list(dir)) {
            return files.filter(p -> p.getFileName().toString().matches("\\d{4}-\\d{2}\\.jsonl")).sorted().toList();
        }
    }

    /** A final line without a newline is a write that never finished: it is skipped. */
    private static List<Edit> readFile(Path month) throws IOException {
        return JsonLines.read(month, Edit.class);
    }

    /** Reads JSON lines, skipping an unfinished last line. */
    static final class JsonLines {
        private JsonLines() {
        }

        static <T> List<T> read(Path file, Class<T> type) throws IOException {
            String text = Durable.readOrEmpty(file);
            List<T> out = new ArrayList<>();
            String[] lines = text.split("\n", -1);
            for (int i = 0; i < lines.length - 1; i++) {
                if (!lines[i].isBlank()) {
                    out.add(parse(file, lines[i], i, type));
                }
            }
            return out;
        }

        static Edit parse(Path file, String line, int index) {
            return parse(file, line, index, Edit.class);
        }

        private static <T> T parse(Path file, String line, int index, Class<T> type) {
            try {
                return Json.MAPPER.readValue(line, type);
            } catch (JsonProcessingException e) {
                throw new UncheckedIOException(new IOException(file.getFileName() + " line " + (index + 1)
                        + " is not a valid record: " + e.getOriginalMessage(), e));
            }
        }
    }
}
