package dev.boxmaker.memoryd.files;

import java.io.IOException;
import java.nio.file.Path;

/**
 * The writes the memory store makes to {@code memory/}: one seam, so that a test can fail the Nth
 * of them, once or every time after (conventions.md, "Faults are tested the SQLite way").
 * {@link #REAL} is {@link Durable}'s.
 */
public interface Disk {
    /** {@link Durable#append(Path, String, Object)}: flushed before it returns. */
    void append(Path file, String text, Object writing) throws IOException;

    /** {@link Durable#replace}: atomic and flushed. */
    void replace(Path file, String text) throws IOException;

    /** {@link Durable#truncate}: cuts the file back to {@code length} bytes, flushed. */
    void truncate(Path file, long length) throws IOException;

    Disk REAL = new Disk() {
        @Override
        public void append(Path file, String text, Object writing) throws IOException {
            Durable.append(file, text, writing);
        }

        @Override
        public void replace(Path file, String text) throws IOException {
            Durable.replace(file, text);
        }

        @Override
        public void truncate(Path file, long length) throws IOException {
            Durable.truncate(file, length);
        }
    };

    /** An append without a lock of the caller's, as the journal, the marks and pending.jsonl make them. */
    default void append(Path file, String text) throws IOException {
        append(file, text, new Object());
    }
}
