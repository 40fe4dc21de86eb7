package dev.boxmaker.proto.log;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.ObjectReader;
import com.fasterxml.jackson.databind.ObjectWriter;
import com.fasterxml.jackson.databind.exc.InvalidTypeIdException;
import dev.boxmaker.proto.Json;
import dev.boxmaker.proto.Sentences;
import dev.boxmaker.proto.wire.FieldFault;
import java.nio.file.Path;

/**
 * Log lines through Jackson's data binding: every line written, and each line read that
 * {@link StreamedLines} leaves.
 */
final class JacksonLines {
    private static final ObjectWriter WRITER = Json.MAPPER.writerFor(LogRecord.class);
    private static final ObjectReader READER = Json.MAPPER.readerFor(LogRecord.class);

    private JacksonLines() {
    }

    static byte[] encode(LogRecord record) {
        try {
            return WRITER.writeValueAsBytes(record);
        } catch (JsonProcessingException e) {
            // Every field of a record has a serializer; this cannot happen short of a bug here.
            throw new IllegalStateException("a session log record could not be written as JSON", e);
        }
    }

    /** {@link LogLines#decode}'s reading through Jackson, of a line checked as UTF-8 and starting an object. */
    static LogRecord decode(byte[] line, int length, boolean zeroInFirstFour, Path file, long record)
            throws LogFormatException {
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
