package dev.boxmaker.memoryd.files;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * notes.md: append-only entries, each a header line and a body (memoryd.md, "notes.md"). memoryd
 * writes {@code header\nbody\n}; the body is every line up to the next header.
 */
public final class NotesFile {
    /** One entry of notes.md. */
    public record Note(NoteHeader header, String body) {
    }

    /** Complete notes read from an offset, and the offset just past the last of them. */
    public record Tail(List<Note> notes, long next) {
        /** The notes past the first {@code count}, ending where these end; empty when there are fewer. */
        public Optional<Tail> pastFirst(long count) {
            return count > notes.size() ? Optional.empty()
                    : Optional.of(new Tail(notes.subList((int) count, notes.size()), next));
        }
    }

    /**
     * Held while an append's bytes go in (not while they are flushed) and while {@link #readFrom}
     * reads, so a reader in this process never sees part of an append. One lock for every notes.md:
     * a memoryd has one.
     */
    private static final Object APPENDING = new Object();

    private final Path path;
    private final Disk disk;

    public NotesFile(Path path) {
        this(path, Disk.REAL);
    }

    public NotesFile(Path path, Disk disk) {
        this.path = path;
        this.disk = disk;
    }

    public Path path() {
        return path;
    }

    /** The exact text one note adds to the file. */
    public static String render(Note note) {
        return note.header().line() + "\n" + note.body() + "\n";
    }

    /**
     * Whether {@code body} reads back as one body: no line in it may read as a header or an entry
     * separator, or end in a {@code \r} (read as part of the line end), and it must not be empty once
     * trimmed.
     */
    public static boolean storable(String body) {
        if (Entries.normalise(body).isEmpty() || !body.equals(Entries.normalise(body))) {
            return false;
        }
        for (String line : body.split("\n", -1)) {
            if (Entries.isSeparator(line) || NoteHeader.parse(line).isPresent() || line.endsWith("\r")) {
                return false;
            }
        }
        return true;
    }

    /** Appends the notes in order, flushed before returning; each body is checked to read back. */
    public void append(List<Note> notes) throws IOException {
        if (notes.isEmpty()) {
            return;
        }
        // An append a crash cut short leaves a last line without its newline; the next note starts
        // on a line of its own, or its header would read as part of that line and the note be lost.
        StringBuilder text = new StringBuilder(endsMidLine() ? "\n" : "");
        for (Note note : notes) {
            Invariants.check(storable(note.body()), "a note body would not read back as written");
            text.append(render(note));
        }
        disk.append(path, text.toString(), APPENDING);
    }

    /** Whether the file's last line has no newline: an append a stop cut short. */
    public boolean endsMidLine() throws IOException {
        try (FileChannel ch = FileChannel.open(path, StandardOpenOption.READ)) {
            ByteBuffer last = ByteBuffer.allocate(1);
            return ch.size() > 0 && ch.read(last, ch.size() - 1) == 1 && last.get(0) != '\n';
        } catch (NoSuchFileException missing) {
            return false;
        }
    }

    /** Every entry in the file, in order. Lines before the first header (an owner's edit) are skipped. */
    public List<Note> read() throws IOException {
        return parse(Files.exists(path) ? Files.readAllBytes(path) : new byte[0], 0, 0, true).notes();
    }

    /** The entries of notes.md's text. */
    public static List<Note> parse(String text) {
        try {
            return parse(text.getBytes(StandardCharsets.UTF_8), 0, 0, true).notes();
        } catch (CharacterCodingException e) {
            throw new IllegalStateException("a Java string did not encode as UTF-8", e);
        }
    }

    /**
     * The complete notes from byte {@code offset} on (0, or where a note starts), and the offset
     * just past them; empty when {@code offset} is not where a note starts any more (the file is
     * shorter, or the owner rewrote it). A note is complete when a header follows it, or when it is
     * the last and its last line has its newline: an append always ends with one, and this reads
     * under {@link #APPENDING}, so it sees the whole of each of memoryd's appends or none of it. A
     * last line without its newline (an append a crash cut short, or an owner's edit in progress) is
     * left with its note for a later read, never read half.
     */
    public Optional<Tail> readFrom(long offset) throws IOException {
        // From the byte before the offset, to check that a line ends there.
        long from = Math.max(0, offset - 1);
        byte[] bytes;
        try (FileChannel ch = FileChannel.open(path, StandardOpenOption.READ)) {
            synchronized (APPENDING) {
                long size = ch.size();
                if (size < offset) {
                    return Optional.empty();
                }
                bytes = readFully(ch, from, size - from);
            }
        } catch (NoSuchFileException missing) {
            return offset == 0 ? Optional.of(new Tail(List.of(), 0)) : Optional.empty();
        }
        int skip = (int) (offset - from);
        if (skip == 1 && (bytes[0] != '\n' || !startsWithHeader(bytes, skip))) {
            return Optional.empty();
        }
        return Optional.of(parse(bytes, skip, offset, false));
    }

    private static byte[] readFully(FileChannel ch, long from, long length) throws IOException {
        Invariants.check(length <= Integer.MAX_VALUE - 8, "notes.md past its offset is larger than one read");
        ByteBuffer buf = ByteBuffer.allocate((int) length);
        while (buf.hasRemaining() && ch.read(buf, from + buf.position()) >= 0) {
            // Reads until the length taken under the lock; the file only grows meanwhile.
        }
        return buf.array();
    }

    /** Whether the line at {@code at} is a header, or not finished yet (so it may become one). */
    private static boolean startsWithHeader(byte[] bytes, int at) {
        int end = at;
        while (end < bytes.length && bytes[end] != '\n') {
            end++;
        }
        return end == bytes.length
                || NoteHeader.parse(withoutCarriageReturn(new String(bytes, at, end - at, StandardCharsets.UTF_8)))
                        .isPresent();
    }

    /**
     * A line as read, without the {@code \r} an editor saving Windows line ends puts before its
     * {@code \n}: with it, no header would parse and every note the owner's save touched would be lost
     * to recall. memoryd never writes one (the check's rule 1 refuses it in a note).
     */
    private static String withoutCarriageReturn(String line) {
        return line.endsWith("\r") ? line.substring(0, line.length() - 1) : line;
    }

    /**
     * The notes in {@code bytes} from index {@code start}, which is notes.md's byte {@code offset};
     * with {@code lastLineToo}, a last line without its newline counts as read, else its note is
     * left out. Lines before the first header are skipped. Each line is decoded strictly: bytes that
     * are not UTF-8 fail the read.
     */
    private static Tail parse(byte[] bytes, int start, long offset, boolean lastLineToo)
            throws CharacterCodingException {
        CharsetDecoder utf8 = StandardCharsets.UTF_8.newDecoder();
        List<Note> notes = new ArrayList<>();
        NoteHeader header = null;
        List<String> body = new ArrayList<>();
        long base = offset - start;
        long next = offset;
        int at = start;
        while (at < bytes.length) {
            int newline = at;
            while (newline < bytes.length && bytes[newline] != '\n') {
                newline++;
            }
            if (newline == bytes.length && !lastLineToo) {
                break;
            }
            String line = withoutCarriageReturn(utf8.decode(ByteBuffer.wrap(bytes, at, newline - at)).toString());
            Optional<NoteHeader> parsed = NoteHeader.parse(line);
            if (parsed.isPresent()) {
                if (header != null) {
                    notes.add(new Note(header, String.join("\n", body)));
                    next = base + at;
                }
                header = parsed.get();
                body.clear();
            } else if (header != null) {
                body.add(line);
            }
            at = Math.min(newline + 1, bytes.length);
        }
        if (header != null && at == bytes.length) {
            notes.add(new Note(header, String.join("\n", body)));
            next = base + bytes.length;
        }
        return new Tail(notes, next);
    }
}
