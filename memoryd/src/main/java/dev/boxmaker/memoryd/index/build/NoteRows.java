package dev.boxmaker.memoryd.index.build;

import dev.boxmaker.memoryd.files.NoteHeader;
import dev.boxmaker.memoryd.files.NotesFile;
import dev.boxmaker.memoryd.index.sql.IndexRow;
import dev.boxmaker.proto.DataClass;

/** What a notes.md entry puts in the index: its body, labelled by its header (the spec, section 3). */
final class NoteRows {
    private NoteRows() {
    }

    /**
     * The row of entry {@code number}. A noted entry carries its header's label; moved and dropped
     * entries were identity, in every prompt, so they are private and trusted.
     */
    static IndexRow row(long number, NotesFile.Note note) {
        NoteHeader h = note.header();
        boolean noted = h.kind() == NoteHeader.Kind.NOTED;
        DataClass dataClass = noted ? h.dataClass() : DataClass.PRIVATE;
        return new IndexRow(IndexRow.NOTE, h.session(), null, number, null, seconds(h.time()),
                h.kind().name().toLowerCase(java.util.Locale.ROOT), dataClass, noted && h.untrusted(), null,
                h.line(), note.body());
    }

    /** A header's {@code 2026-09-24T21:02Z} as the index's {@code 2026-09-24T21:02:00Z}. */
    static String seconds(String headerTime) {
        return headerTime.substring(0, headerTime.length() - 1) + ":00Z";
    }
}
