package dev.boxmaker.proto.log;

import dev.boxmaker.proto.DataClass;
import dev.boxmaker.proto.wire.msg.Outcome;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * Reads a log line of the plain shape the writer gives it straight from its bytes, without Jackson,
 * or answers null: a catch-up reads every line of every log, and Jackson made a parser, a context
 * and a duplicate detector for each, a fifth of what a build allocated.
 *
 * <p>The plain shape is a strict part of what Jackson reads: one object, {@code type} first, then
 * the type's own fields in any order, each once, each of its exact JSON type (a string, a
 * non-negative integer without sign, fraction or exponent, {@code true}/{@code false}, {@code null}
 * where the field may be null), strings with only JSON's escapes, and JSON's four whitespace
 * characters between tokens. Anything else (an unknown field, a key with an escape, a value of
 * another type, a field missing, a record its constructor refuses) answers null, and
 * {@link LogLines} reads the line through Jackson as before, so every line is read as Jackson reads
 * it and every refusal keeps its sentence. The caller has checked that the line is well-formed
 * UTF-8 and has no zero byte among its first four.
 */
final class LineDecoder {
    /** Thrown, without a stack, when the line is not of the plain shape. */
    private static final RuntimeException NOT_PLAIN = new RuntimeException(null, null, false, false) {
    };

    private static final byte[][] TYPE = fields(LogRecord.TYPE_FIELD);
    private static final byte[][] USER_FIELDS = fields("time", "turn", "content", "speaker");
    private static final byte[][] ASSISTANT_FIELDS = fields("time", "turn", "content", "reasoning_content", "tool_calls");
    private static final byte[][] RESULT_FIELDS = fields("time", "turn", "call", "tool", "outcome", "content", "class",
            "untrusted");
    private static final byte[][] CALL_FIELDS = fields("id", "name", "arguments");

    private final byte[] b;
    private final int end;
    private int i;

    private LineDecoder(byte[] line, int length) {
        this.b = line;
        this.end = length;
    }

    /** The record the first {@code length} bytes of {@code line} hold, or null when they are not of the plain shape. */
    static LogRecord decode(byte[] line, int length) {
        try {
            return new LineDecoder(line, length).record();
        } catch (IllegalArgumentException refusedByARecord) {
            // A time, a class, an outcome or a field a record refuses: Jackson gives the sentence.
            return null;
        } catch (RuntimeException e) {
            if (e == NOT_PLAIN) {
                return null;
            }
            throw e;
        }
    }

    private LogRecord record() {
        skipSpace();
        expect('{');
        firstField(TYPE);
        String type = string();
        LogRecord record = switch (type) {
            case UserRecord.TYPE -> user();
            case AssistantRecord.TYPE -> assistant();
            case ToolResultRecord.TYPE -> result();
            default -> throw NOT_PLAIN;
        };
        skipSpace();
        if (i != end) {
            throw NOT_PLAIN;
        }
        return record;
    }

    private UserRecord user() {
        Instant time = null;
        long turn = 0;
        String content = null;
        String speaker = null;
        int seen = 0;
        for (int field; (field = nextField(USER_FIELDS, seen)) >= 0; seen |= 1 << field) {
            switch (field) {
                case 0 -> time = time();
                case 1 -> turn = number();
                case 2 -> content = string();
                default -> speaker = stringOrNull();
            }
        }
        required(seen, 0b0111);
        return new UserRecord(time, turn, content, speaker);
    }

    private AssistantRecord assistant() {
        Instant time = null;
        long turn = 0;
        String content = null;
        String reasoning = null;
        List<ToolCall> calls = null;
        int seen = 0;
        for (int field; (field = nextField(ASSISTANT_FIELDS, seen)) >= 0; seen |= 1 << field) {
            switch (field) {
                case 0 -> time = time();
                case 1 -> turn = number();
                case 2 -> content = stringOrNull();
                case 3 -> reasoning = stringOrNull();
                default -> calls = calls();
            }
        }
        required(seen, 0b10011);
        return new AssistantRecord(time, turn, content, reasoning, calls);
    }

    private ToolResultRecord result() {
        Instant time = null;
        long turn = 0;
        String[] text = new String[4];
        DataClass dataClass = null;
        boolean untrusted = false;
        int seen = 0;
        for (int field; (field = nextField(RESULT_FIELDS, seen)) >= 0; seen |= 1 << field) {
            switch (field) {
                case 0 -> time = time();
                case 1 -> turn = number();
                case 6 -> dataClass = DataClass.parse(string());
                case 7 -> untrusted = bool();
                default -> text[field - 2] = string();
            }
        }
        required(seen, 0b11111111);
        return new ToolResultRecord(time, turn, text[0], text[1], Outcome.parse(text[2]), text[3], dataClass, untrusted);
    }

    private List<ToolCall> calls() {
        expect('[');
        skipSpace();
        List<ToolCall> calls = new ArrayList<>();
        if (peek() == ']') {
            i++;
            return calls;
        }
        while (true) {
            expect('{');
            String[] call = new String[3];
            int seen = 0;
            for (int field = firstField(CALL_FIELDS); field >= 0; field = nextField(CALL_FIELDS, seen)) {
                call[field] = string();
                seen |= 1 << field;
            }
            required(seen, 0b111);
            calls.add(new ToolCall(call[0], call[1], call[2]));
            skipSpace();
            if (peek() == ']') {
                i++;
                return calls;
            }
            expect(',');
            skipSpace();
        }
    }

    /** The first field of an object just opened: which of {@code names} it is, its colon read. */
    private int firstField(byte[][] names) {
        skipSpace();
        int field = key(names);
        colon();
        return field;
    }

    /** The next field after the one before, or -1 at the object's end; each once ({@code seen}). */
    private int nextField(byte[][] names, int seen) {
        skipSpace();
        if (peek() == '}') {
            i++;
            return -1;
        }
        expect(',');
        skipSpace();
        int field = key(names);
        if ((seen & 1 << field) != 0) {
            throw NOT_PLAIN;
        }
        colon();
        return field;
    }

    private static void required(int seen, int mask) {
        if ((seen & mask) != mask) {
            throw NOT_PLAIN;
        }
    }

    /** Which of {@code names} the key here is, written without escapes. */
    private int key(byte[][] names) {
        expect('"');
        int from = i;
        while (i < end && b[i] != '"') {
            if (b[i] == '\\' || (b[i] & 0xFF) < 0x20) {
                throw NOT_PLAIN;
            }
            i++;
        }
        if (i == end) {
            throw NOT_PLAIN;
        }
        int length = i++ - from;
        for (int n = 0; n < names.length; n++) {
            if (names[n].length == length && java.util.Arrays.equals(names[n], 0, length, b, from, from + length)) {
                return n;
            }
        }
        throw NOT_PLAIN;
    }

    private void colon() {
        skipSpace();
        expect(':');
        skipSpace();
    }

    private Instant time() {
        return LogTime.parse(string());
    }

    /** A JSON integer without a sign, a fraction or an exponent, that fits a long. */
    private long number() {
        int from = i;
        long n = 0;
        while (i < end && b[i] >= '0' && b[i] <= '9') {
            int digit = b[i++] - '0';
            if (n > (Long.MAX_VALUE - digit) / 10) {
                throw NOT_PLAIN;
            }
            n = n * 10 + digit;
        }
        int digits = i - from;
        if (digits == 0 || digits > 1 && b[from] == '0') {
            throw NOT_PLAIN;
        }
        // A fraction or an exponent is refused by the caller, which expects a comma or a brace next.
        return n;
    }

    private boolean bool() {
        if (literal("true")) {
            return true;
        }
        if (literal("false")) {
            return false;
        }
        throw NOT_PLAIN;
    }

    private String stringOrNull() {
        return literal("null") ? null : string();
    }

    private boolean literal(String word) {
        int length = word.length();
        if (end - i < length) {
            return false;
        }
        for (int k = 0; k < length; k++) {
            if (b[i + k] != word.charAt(k)) {
                return false;
            }
        }
        // What follows is checked by the caller: a comma, a brace or a bracket.
        i += length;
        return true;
    }

    /**
     * A JSON string. One without escapes is decoded from its bytes at once (they are well-formed
     * UTF-8, and no byte of a multi-byte character is a quote, a backslash or a control character).
     */
    private String string() {
        expect('"');
        int from = i;
        while (i < end) {
            int c = b[i] & 0xFF;
            if (c == '"') {
                return new String(b, from, i++ - from, StandardCharsets.UTF_8);
            }
            if (c == '\\') {
                return escaped(from);
            }
            if (c < 0x20) {
                throw NOT_PLAIN;
            }
            i++;
        }
        throw NOT_PLAIN;
    }

    /** The rest of a string from {@code from}, at its first escape. */
    private String escaped(int from) {
        StringBuilder out = new StringBuilder(i - from + 16);
        int run = from;
        while (i < end) {
            int c = b[i] & 0xFF;
            if (c == '"') {
                out.append(new String(b, run, i++ - run, StandardCharsets.UTF_8));
                return out.toString();
            }
            if (c < 0x20) {
                throw NOT_PLAIN;
            }
            if (c != '\\') {
                i++;
                continue;
            }
            out.append(new String(b, run, i - run, StandardCharsets.UTF_8));
            if (i + 1 >= end) {
                throw NOT_PLAIN;
            }
            char e = (char) b[i + 1];
            i += 2;
            switch (e) {
                case '"', '\\', '/' -> out.append(e);
                case 'b' -> out.append('\b');
                case 'f' -> out.append('\f');
                case 'n' -> out.append('\n');
                case 'r' -> out.append('\r');
                case 't' -> out.append('\t');
                case 'u' -> out.append(hex4());
                default -> throw NOT_PLAIN;
            }
            run = i;
        }
        throw NOT_PLAIN;
    }

    private char hex4() {
        if (end - i < 4) {
            throw NOT_PLAIN;
        }
        int value = 0;
        for (int k = 0; k < 4; k++) {
            int digit = Character.digit(b[i + k], 16);
            if (digit < 0) {
                throw NOT_PLAIN;
            }
            value = value << 4 | digit;
        }
        i += 4;
        return (char) value;
    }

    private void skipSpace() {
        while (i < end && (b[i] == ' ' || b[i] == '\t' || b[i] == '\r' || b[i] == '\n')) {
            i++;
        }
    }

    private int peek() {
        return i < end ? b[i] : -1;
    }

    private void expect(char c) {
        if (i >= end || b[i] != c) {
            throw NOT_PLAIN;
        }
        i++;
    }

    private static byte[] ascii(String s) {
        return s.getBytes(StandardCharsets.US_ASCII);
    }

    private static byte[][] fields(String... names) {
        byte[][] out = new byte[names.length][];
        for (int n = 0; n < names.length; n++) {
            out[n] = ascii(names[n]);
        }
        return out;
    }
}
