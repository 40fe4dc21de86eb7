package dev.boxmaker.proto.log;

import dev.boxmaker.proto.Sentences;
import dev.boxmaker.proto.text.Utf8;
import java.nio.file.Path;

/**
 * One record as one line's bytes, and back; the newline is the caller's. A plain line is read by
 * {@link StreamedLines} on Jackson's streaming parser; data binding is in {@link JacksonLines}, made
 * only when a line is written or a line not of the plain shape is read: a catch-up of plain lines never
 * waits for it (a fifth of a second at a build's start).
 */
final class LogLines {

    private LogLines() {
    }

    private static boolean zeroInFirstFour(byte[] line, int length) {
        for (int i = 0; i < Math.min(4, length); i++) {
            if (line[i] == 0) {
                return true;
            }
        }
        return false;
    }

    /** The line for {@code record}, without its newline: UTF-8 JSON, {@code type} first. */
    static byte[] encode(LogRecord record) {
        return JacksonLines.encode(record);
    }

    /**
     * The record held by the first {@code length} bytes of {@code line}, record number
     * {@code record} of {@code file}; any fault is a {@link LogFormatException} naming both.
     */
    static LogRecord decode(byte[] line, int length, Path file, long record) throws LogFormatException {
        return decode(line, length, file, record, true);
    }

    /**
     * {@link #decode}, reading a plain line with Jackson's streaming parser ({@link StreamedLines}) when
     * {@code plain}; without it, every line through data binding, as tests compare.
     */
    static LogRecord decode(byte[] line, int length, Path file, long record, boolean plain) throws LogFormatException {
        // Checked and read in place, never made into a String first: a catch-up reads every line.
        if (!Utf8.wellFormed(line, 0, length)) {
            throw new LogFormatException(file, record, Sentences.LOG_LINE_NOT_UTF8);
        }
        // Only an object can carry "type"; Jackson's words for an array or a number are no help.
        if (Utf8.firstNonWhitespace(line, 0, length) != '{') {
            throw new LogFormatException(file, record, Sentences.LOG_LINE_NOT_JSON);
        }
        boolean zeroInFirstFour = zeroInFirstFour(line, length);
        if (plain && !zeroInFirstFour) {
            LogRecord read = StreamedLines.decode(line, length);
            if (read != null) {
                return read;
            }
        }
        return JacksonLines.decode(line, length, zeroInFirstFour, file, record);
    }
}
