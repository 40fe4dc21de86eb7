package dev.boxmaker.proto.log;

import dev.boxmaker.proto.Sentences;
import java.io.IOException;
import java.nio.file.Path;

/**
 * A session log that cannot be read as it is: a malformed or unknown line, or a file shorter than
 * what was already read from it. The message is a fixed sentence naming the file and, for a line,
 * its record number (from 0).
 */
public final class LogFormatException extends IOException {
    /** {@link #record()} when the fault is not one line's. */
    public static final long NO_RECORD = -1;

    private final Path file;
    private final long record;

    /** Record {@code record} of {@code file} cannot be read, for the reason {@code why}. */
    public LogFormatException(Path file, long record, String why) {
        super(Sentences.logLineInvalid(file, record, why));
        this.file = file;
        this.record = record;
    }

    /** {@code file} as a whole is at fault; {@code sentence} says how. */
    public LogFormatException(Path file, String sentence) {
        super(sentence);
        this.file = file;
        this.record = NO_RECORD;
    }

    public Path file() {
        return file;
    }

    /** The number of the record at fault, from 0, or {@link #NO_RECORD}. */
    public long record() {
        return record;
    }
}
