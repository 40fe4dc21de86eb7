package dev.boxmaker.proto.log;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import dev.boxmaker.proto.DataClass;
import dev.boxmaker.proto.wire.msg.Outcome;
import java.io.IOException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * Reads a log line of the plain shape the writer gives it with Jackson's streaming parser, token by
 * token, or answers null: a catch-up reads every line of every log, and Jackson's data binding made
 * a context and a duplicate detector for each.
 *
 * <p>The plain shape is a strict part of what data binding reads: one object, {@code type} first,
 * then the type's own fields in any order, each once, each of its exact JSON type (a string, a
 * non-negative integer that fits a long, {@code true}/{@code false}, {@code null} where the field may
 * be null). Anything else (an unknown field, a value of another type, a field missing, a record its
 * constructor refuses, a second value after the object) answers null, and {@link LogLines} reads the
 * line through data binding as before, so every line is read as data binding reads it and every
 * refusal keeps its sentence. The caller has checked that the line is well-formed UTF-8 and has no
 * zero byte among its first four.
 */
final class StreamedLines {
    /** Thrown, without a stack, when the line is not of the plain shape. */
    private static final RuntimeException NOT_PLAIN = new RuntimeException(null, null, false, false) {
    };

    /** JSON as RFC 8259 has it: Jackson's default factory allows nothing more. */
    private static final JsonFactory FACTORY = new JsonFactory();

    private static final List<String> USER_FIELDS = List.of("time", "turn", "content", "speaker");
    private static final List<String> ASSISTANT_FIELDS = List.of("time", "turn", "content", "reasoning_content",
            "tool_calls");
    private static final List<String> RESULT_FIELDS = List.of("time", "turn", "call", "tool", "outcome", "content",
            "class", "untrusted");
    private static final List<String> CALL_FIELDS = List.of("id", "name", "arguments");

    private final JsonParser p;

    private StreamedLines(JsonParser parser) {
        this.p = parser;
    }

    /** The record the first {@code length} bytes of {@code line} hold, or null when they are not of the plain shape. */
    static LogRecord decode(byte[] line, int length) {
        try (JsonParser parser = FACTORY.createParser(line, 0, length)) {
            return new StreamedLines(parser).record();
        } catch (IOException | IllegalArgumentException notReadHere) {
            // Bad JSON, or a time, a class, an outcome or a field a record refuses: data binding gives the sentence.
            return null;
        } catch (RuntimeException e) {
            if (e == NOT_PLAIN) {
                return null;
            }
            throw e;
        }
    }

    private LogRecord record() throws IOException {
        expect(JsonToken.START_OBJECT);
        if (p.nextToken() != JsonToken.FIELD_NAME || !LogRecord.TYPE_FIELD.equals(p.currentName())) {
            throw NOT_PLAIN;
        }
        LogRecord record = switch (string()) {
            case UserRecord.TYPE -> user();
            case AssistantRecord.TYPE -> assistant();
            case ToolResultRecord.TYPE -> result();
            default -> throw NOT_PLAIN;
        };
        if (p.nextToken() != null) {
            throw NOT_PLAIN;
        }
        return record;
    }

    private UserRecord user() throws IOException {
        Instant time = null;
        long turn = 0;
        String content = null;
        String speaker = null;
        int seen = 0;
        for (int field; (field = nextField(USER_FIELDS, seen)) >= 0; seen |= 1 << field) {
            switch (field) {
                case 0 -> time = LogTime.parse(string());
                case 1 -> turn = number();
                case 2 -> content = string();
                default -> speaker = stringOrNull();
            }
        }
        required(seen, 0b0111);
        return new UserRecord(time, turn, content, speaker);
    }

    private AssistantRecord assistant() throws IOException {
        Instant time = null;
        long turn = 0;
        String content = null;
        String reasoning = null;
        List<ToolCall> calls = null;
        int seen = 0;
        for (int field; (field = nextField(ASSISTANT_FIELDS, seen)) >= 0; seen |= 1 << field) {
            switch (field) {
                case 0 -> time = LogTime.parse(string());
                case 1 -> turn = number();
                case 2 -> content = stringOrNull();
                case 3 -> reasoning = stringOrNull();
                default -> calls = calls();
            }
        }
        required(seen, 0b10011);
        return new AssistantRecord(time, turn, content, reasoning, calls);
    }

    private ToolResultRecord result() throws IOException {
        Instant time = null;
        long turn = 0;
        String[] text = new String[4];
        DataClass dataClass = null;
        boolean untrusted = false;
        int seen = 0;
        for (int field; (field = nextField(RESULT_FIELDS, seen)) >= 0; seen |= 1 << field) {
            switch (field) {
                case 0 -> time = LogTime.parse(string());
                case 1 -> turn = number();
                case 6 -> dataClass = DataClass.parse(string());
                case 7 -> untrusted = bool();
                default -> text[field - 2] = string();
            }
        }
        required(seen, 0b11111111);
        return new ToolResultRecord(time, turn, text[0], text[1], Outcome.parse(text[2]), text[3], dataClass, untrusted);
    }

    private List<ToolCall> calls() throws IOException {
        expect(JsonToken.START_ARRAY);
        List<ToolCall> calls = new ArrayList<>();
        for (JsonToken t = p.nextToken(); t != JsonToken.END_ARRAY; t = p.nextToken()) {
            if (t != JsonToken.START_OBJECT) {
                throw NOT_PLAIN;
            }
            String[] call = new String[3];
            int seen = 0;
            for (int field; (field = nextField(CALL_FIELDS, seen)) >= 0; seen |= 1 << field) {
                call[field] = string();
            }
            required(seen, 0b111);
            calls.add(new ToolCall(call[0], call[1], call[2]));
        }
        return calls;
    }

    /** The next field of the object open, as its place in {@code names}, or -1 at its end; each once ({@code seen}). */
    private int nextField(List<String> names, int seen) throws IOException {
        JsonToken t = p.nextToken();
        if (t == JsonToken.END_OBJECT) {
            return -1;
        }
        if (t != JsonToken.FIELD_NAME) {
            throw NOT_PLAIN;
        }
        int field = names.indexOf(p.currentName());
        if (field < 0 || (seen & 1 << field) != 0) {
            throw NOT_PLAIN;
        }
        return field;
    }

    private static void required(int seen, int mask) {
        if ((seen & mask) != mask) {
            throw NOT_PLAIN;
        }
    }

    /** A JSON integer that fits a long and is not negative. */
    private long number() throws IOException {
        if (p.nextToken() != JsonToken.VALUE_NUMBER_INT || p.getNumberType() == JsonParser.NumberType.BIG_INTEGER) {
            throw NOT_PLAIN;
        }
        long n = p.getLongValue();
        if (n < 0) {
            throw NOT_PLAIN;
        }
        return n;
    }

    private boolean bool() throws IOException {
        JsonToken t = p.nextToken();
        if (t == JsonToken.VALUE_TRUE || t == JsonToken.VALUE_FALSE) {
            return t == JsonToken.VALUE_TRUE;
        }
        throw NOT_PLAIN;
    }

    private String string() throws IOException {
        expect(JsonToken.VALUE_STRING);
        return p.getText();
    }

    private String stringOrNull() throws IOException {
        JsonToken t = p.nextToken();
        if (t == JsonToken.VALUE_NULL) {
            return null;
        }
        if (t != JsonToken.VALUE_STRING) {
            throw NOT_PLAIN;
        }
        return p.getText();
    }

    private void expect(JsonToken token) throws IOException {
        if (p.nextToken() != token) {
            throw NOT_PLAIN;
        }
    }
}
