package dev.boxmaker.brokerd.audit;

import dev.boxmaker.brokerd.sentences.Sentences;
import dev.boxmaker.proto.Json;
import dev.boxmaker.proto.Label;
import dev.boxmaker.proto.log.UnfinishedLine;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeSet;

/**
 * {@code audit/YYYY-MM.jsonl}: one line per decided call, written and forced to disk before the
 * answer, so a line exists for every answer a client saw. At start the whole log is read back to
 * rebuild every session's taint.
 */
public final class AuditLog {
    public static final DateTimeFormatter MONTH = DateTimeFormatter.ofPattern("yyyy-MM").withZone(ZoneOffset.UTC);
    public static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH:mm:ss'Z'").withZone(ZoneOffset.UTC);
    /** A line is a few hundred bytes; one far longer is not ours. */
    public static final int LINE_CHARS_MAX = 4_096;
    /** The most bytes {@link #LINE_CHARS_MAX} characters take in UTF-8. */
    static final int LINE_BYTES_MAX = LINE_CHARS_MAX * 3;
    static final String SUFFIX = ".jsonl";

    /** How a line goes into its month's file: {@link #appendForced}, or, in tests, one that fails partway. */
    @FunctionalInterface
    interface Appender {
        void append(Path file, byte[] line) throws IOException;
    }

    private final Path dir;
    private final Appender appender;

    public AuditLog(Path dir) throws IOException {
        this(dir, AuditLog::appendForced);
    }

    AuditLog(Path dir, Appender appender) throws IOException {
        this.dir = dir;
        this.appender = appender;
        if (!Files.isDirectory(dir)) {
            Files.createDirectories(dir, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
        }
    }

    public Path dir() {
        return dir;
    }

    /**
     * Appends {@code record} to its month's file and forces it to disk. When that fails partway (a
     * full disk can take half a line), what went in is cut off before the failure is thrown, so the
     * next line is not glued onto it: a glued line would stop brokerd's next start.
     */
    public synchronized void append(AuditRecord record) {
        Path file = dir.resolve(record.time().substring(0, 7) + SUFFIX);
        byte[] line;
        try {
            line = (Json.MAPPER.writeValueAsString(record) + "\n").getBytes(StandardCharsets.UTF_8);
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new IllegalStateException("an audit record could not be written as JSON", e);
        }
        try {
            UnfinishedLine.appendOrCut(file, () -> appender.append(file, line), UnfinishedLine::drop);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static void appendForced(Path file, byte[] line) throws IOException {
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.WRITE,
                StandardOpenOption.APPEND)) {
            if (channel.size() == 0) {
                Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rw-------"));
            }
            ByteBuffer buffer = ByteBuffer.wrap(line);
            while (buffer.hasRemaining()) {
                channel.write(buffer);
            }
            channel.force(false);
        }
    }

    /** The time as the log writes it. */
    public static String timeOf(Instant instant) {
        return TIME.format(instant);
    }

    /**
     * Every session's taint, from the whole log. A final line without its newline is a write that a
     * crash cut short: its call was never answered, so it is cut off the file, unless it is a whole
     * record (an owner's repair saved without a final newline), which is kept. Any other line that is
     * not a record stops start-up: guessing would make a tainted session clean.
     */
    public synchronized Map<String, Label> rebuild() throws IOException, Broken {
        Map<String, Label> taints = new LinkedHashMap<>();
        for (Path file : files()) {
            finishOrCut(file);
            AuditLines.read(file, LINE_BYTES_MAX, (number, line) -> {
                AuditRecord record = parse(line, file, number);
                taints.merge(record.session(), Label.SESSION_START.combine(record.label()), Label::combine);
            });
        }
        return taints;
    }

    /**
     * Gives a final line without its newline that newline when it is a whole record, and cuts it off
     * otherwise. Keeping a whole one can only make a session stricter, never cleaner.
     */
    private static void finishOrCut(Path file) throws IOException {
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ, StandardOpenOption.WRITE)) {
            long size = channel.size();
            long end = UnfinishedLine.wholeLinesEnd(channel);
            if (end == size) {
                return;
            }
            if (size - end <= LINE_BYTES_MAX) {
                ByteBuffer last = ByteBuffer.allocate((int) (size - end));
                while (last.hasRemaining() && channel.read(last, end + last.position()) >= 0) {
                    // Read the whole unfinished line.
                }
                if (AuditLines.decode(last.array()).filter(AuditLog::isRecord).isPresent()) {
                    channel.write(ByteBuffer.wrap(new byte[] {'\n'}), size);
                    channel.force(true);
                    return;
                }
            }
        }
        UnfinishedLine.drop(file);
    }

    private static boolean isRecord(String line) {
        if (line.length() > LINE_CHARS_MAX) {
            return false;
        }
        try {
            Json.MAPPER.readValue(line, AuditRecord.class);
            return true;
        } catch (IOException | IllegalArgumentException e) {
            return false;
        }
    }

    /** The last {@code count} lines of the newest month's file, oldest first. */
    public synchronized List<String> tail(int count) throws IOException {
        TreeSet<Path> files = files();
        if (files.isEmpty()) {
            return List.of();
        }
        Deque<String> last = new ArrayDeque<>(count);
        try (BufferedReader reader = Files.newBufferedReader(files.last(), StandardCharsets.UTF_8)) {
            for (String line = reader.readLine(); line != null; line = reader.readLine()) {
                if (last.size() == count) {
                    last.removeFirst();
                }
                last.addLast(line);
            }
        }
        return new ArrayList<>(last);
    }

    private TreeSet<Path> files() throws IOException {
        TreeSet<Path> files = new TreeSet<>();
        try (DirectoryStream<Path> stream = Files.newDirectoryStream(dir, "*" + SUFFIX)) {
            stream.forEach(files::add);
        }
        return files;
    }

    private static AuditRecord parse(Optional<String> text, Path file, long number) throws Broken {
        try {
            String line = text.orElseThrow(() -> new IOException("not UTF-8, or too long"));
            if (line.length() > LINE_CHARS_MAX) {
                throw new IOException("too long");
            }
            return Json.MAPPER.readValue(line, AuditRecord.class);
        } catch (IOException | IllegalArgumentException e) {
            throw new Broken(Sentences.auditBroken(file.getFileName().toString(), number));
        }
    }

    /** The log holds a line that is not a record. */
    public static final class Broken extends Exception {
        public Broken(String sentence) {
            super(sentence, null, false, false);
        }
    }

    /** The current month's file name, for tests and the owner. */
    public static String fileFor(Instant instant) {
        return MONTH.format(instant) + SUFFIX;
    }
}
