package dev.boxmaker.proto.log;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.ObjectReader;
import com.fasterxml.jackson.databind.ObjectWriter;
import com.fasterxml.jackson.databind.exc.InvalidTypeIdException;
import dev.boxmaker.proto.Json;
import dev.boxmaker.proto.Sentences;
import dev.boxmaker.proto.text.Utf8;
import dev.boxmaker.proto.wire.FieldFault;
import java.nio.file.Path;

/** One record as one line's bytes, and back; the newline is the caller's. */
final class LogLines {
    private static final ObjectWriter WRITER = Json.MAPPER.writerFor(LogRecord.class);
    private static final ObjectReader READER = Json.MAPPER.readerFor(LogRecord.class);

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
        try {
            return WRITER.writeValueAsBytes(record);
        } catch (JsonProcessingException e) {
            // Every field of a record has a serializer; this cannot happen short of a bug here.
            throw new IllegalStateException("a session log record could not be written as JSON", e);
        }
    }

    /**
     * The record held by the first {@code length} bytes of {@code line}, record number
     * {@code record} of {@code file}; any fault is a {@link LogFormatException} naming both.
     */
    static LogRecord decode(byte[] line, int length, Path file, long record) throws LogFormatException {
        return decode(line, length, file, record, true);
    }

    /**
     * {@link #decode}, reading a plain line without Jackson ({@link LineDecoder}) when {@code plain};
     * without it, every line through Jackson, as tests compare.
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
            LogRecord read = LineDecoder.decode(line, length);
            if (read != null) {
                return read;
            }
        }
        try {
            // Jackson reads bytes as UTF-16 or UTF-32 when a zero byte is among the first four, and
            // would read such a line (never JSON as UTF-8) as a record; it is read from its text, as
            // every line once was, and refused as then.
            return zeroInFirstFour
                    ? READER.readValue(new String(line, 0, length, java.nio.charset.StandardCharsets.UTF_8))
                    : READER.readValue(line, 0, length);
        } catch (InvalidTypeIdException e) {
            String why = e.getTypeId() == null ? Sentences.LOG_TYPE_MISSING : Sentences.logTypeUnknown(e.getTypeId());
            throw new LogFormatException(file, record, why);
        } catch (JsonMappingException e) {
            FieldFault fault = FieldFault.of(e);
            // No field named: a second value after the object, which is not one record.
            String why = fault.field().equals(FieldFault.WHOLE)
                    ? Sentences.LOG_LINE_NOT_JSON : Sentences.logField(fault.field(), fault.why());
            throw new LogFormatException(file, record, why);
        } catch (java.io.IOException e) {
            // Jackson's own faults of syntax; reading bytes in memory fails no other way.
            throw new LogFormatException(file, record, Sentences.LOG_LINE_NOT_JSON);
        }
    }
}
