package dev.boxmaker.memoryd.files;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * notes.md: append-only entries, each a header line and a body (memoryd.md, "notes.md"). memoryd
 * writes {@code header\nbody\n}; the body is every line up to the next header.
 */
public final class NotesFile {
    /** One entry of notes.md. */
    public record Note(NoteHeader header, String body) {
    }

    private final Path path;

    public NotesFile(Path path) {
        this.path = path;
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
     * separator, and it must not be empty once trimmed.
     */
    public static boolean storable(String body) {
        if (Entries.normalise(body).isEmpty() || !body.equals(Entries.normalise(body))) {
            return false;
        }
        for (String line : body.split("\n", -1)) {
            if (Entries.isSeparator(line) || NoteHeader.parse(line).isPresent()) {
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
        StringBuilder text = new StringBuilder();
        for (Note note : notes) {
            Invariants.check(storable(note.body()), "a note body would not read back as written");
            text.append(render(note));
        }
        Durable.append(path, text.toString());
    }

    /** Every entry in the file, in order. Lines before the first header (an owner's edit) are skipped. */
    public List<Note> read() throws IOException {
        return parse(Durable.readOrEmpty(path));
    }

    /** The entries of notes.md's text. */
    public static List<Note> parse(String text) {
        List<Note> notes = new ArrayList<>();
        String[] lines = text.split("\n", -1);
        int last = text.endsWith("\n") ? lines.length - 1 : lines.length;
        NoteHeader header = null;
        List<String> body = new ArrayList<>();
        for (int i = 0; i < last; i++) {
            var parsed = NoteHeader.parse(lines[i]);
            if (parsed.isPresent()) {
                if (header != null) {
                    notes.add(new Note(header, String.join("\n", body)));
                }
                header = parsed.get();
                body.clear();
            } else if (header != null) {
                body.add(lines[i]);
            }
        }
        if (header != null) {
            notes.add(new Note(header, String.join("\n", body)));
        }
        return notes;
    }
}
