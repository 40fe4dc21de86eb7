package dev.boxmaker.proto.log;

import static org.assertj.core.api.Assertions.assertThat;
import static org.quicktheories.QuickTheory.qt;

import dev.boxmaker.proto.DataClass;
import dev.boxmaker.proto.testing.SourcedRandom;
import dev.boxmaker.proto.wire.msg.Outcome;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * StreamedLines, which reads a plain line with Jackson's streaming parser, against Jackson's data
 * binding: every line the writer writes is read by it, to the record written; and a line it reads at
 * all, among lines written by hand in every way JSON allows and many it does not (fields in any
 * order, whitespace, escapes, unknown and repeated fields, values of other types and forms), is read
 * to the record data binding reads, and LogLines answers for every line what it answered through data
 * binding alone. The records and lines are built from QuickTheories' draws ({@link SourcedRandom}), so
 * a failure shrinks to a short one and its seed replays (the README's Tests section).
 */
class StreamedLinesProperties {
    private static final Path FILE = Path.of("sessions/mm-x/0.jsonl");
    private static final String[] ODD_VALUES = {"0", "01", "1.0", "-0", "-1", "1e2", "1E2", "99999999999999999999", "9223372036854775807", "9223372036854775808", "18446744073709551617",
        "123456789012345678", "null", "true", "false", "\"x\"", "\"\"", "[]", "{}", "[{}]", "nul", "tru", "\"private\"",
        "\"ok\"", "\"2026-09-20T14:02:11Z\"", "\"2026-02-30T00:00:00Z\"", "\"2026-09-20T14:02:11.5Z\""};
    private static final String[] SPACE = {"", "", "", " ", "\t", "\r", "  \t", "\u00a0", "\u2003"};

    @Test
    void everyLineTheWriterWritesIsReadByTheStreamingParser() {
        qt().withExamples(10_000).forAll(SourcedRandom.gen(StreamedLinesProperties::record)).checkAssert(record -> {
            byte[] line = LogLines.encode(record);
            assertThat(StreamedLines.decode(line, line.length)).isEqualTo(record);
        });
    }

    @Test
    void aLineReadByTheStreamingParserIsReadAsDataBindingReadsIt() {
        qt().withExamples(20_000).forAll(SourcedRandom.gen(r -> handWritten(record(r), r)))
                .checkAssert(text -> isReadAsDataBindingReadsIt(text.getBytes(StandardCharsets.UTF_8)));
    }

    private static void isReadAsDataBindingReadsIt(byte[] line) {
        Object byDataBinding = read(line, false);
        LogRecord plain = StreamedLines.decode(line, line.length);
        if (plain != null) {
            assertThat(plain).as(new String(line, StandardCharsets.UTF_8)).isEqualTo(byDataBinding);
        }
        assertThat(read(line, true)).as(new String(line, StandardCharsets.UTF_8)).isEqualTo(byDataBinding);
    }

    /** What LogLines reads from {@code line}, with StreamedLines or through data binding alone: the record or the sentence. */
    private static Object read(byte[] line, boolean plain) {
        try {
            return LogLines.decode(line, line.length, FILE, 7, plain);
        } catch (LogFormatException e) {
            return e.getMessage();
        }
    }

    @Test
    void escapesKeysAndOrderAreReadAsDataBindingReadsThem() {
        String line = "{ \"type\" : \"us\\u0065r\" , \"speaker\":null,\"content\":\"a\\\"b\\\\c\\/d\\n\\u00e9\\ud83d\\ude00\\ud800\","
                + "\t\"turn\":12,\"time\":\"2026-09-20T14:02:11Z\" }  ";
        byte[] bytes = line.getBytes(StandardCharsets.UTF_8);
        UserRecord want = new UserRecord(Instant.parse("2026-09-20T14:02:11Z"), 12,
                "a\"b\\c/d\n\u00e9\uD83D\uDE00\uD800", null);
        assertThat(StreamedLines.decode(bytes, bytes.length)).isEqualTo(want);
        assertThat(read(bytes, false)).isEqualTo(want);
    }

    @Test
    void linesOutsideThePlainShapeAreLeftToDataBinding() {
        for (String line : List.of(
                "{\"time\":\"2026-09-20T14:02:11Z\",\"type\":\"user\",\"turn\":1,\"content\":\"x\"}",
                "{\"type\":\"user\",\"time\":\"2026-09-20T14:02:11Z\",\"turn\":1,\"content\":\"x\",\"extra\":1}",
                "{\"type\":\"user\",\"time\":\"2026-09-20T14:02:11Z\",\"turn\":1,\"content\":\"x\",\"turn\":2}",
                "{\"type\":\"user\",\"time\":\"2026-09-20T14:02:11Z\",\"turn\":01,\"content\":\"x\"}",
                "{\"type\":\"user\",\"time\":\"2026-09-20T14:02:11Z\",\"turn\":1,\"content\":\"x\"} x",
                "{\"type\":\"user\",\"time\":\"2026-09-20T14:02:11Z\",\"turn\":-1,\"content\":\"x\"}",
                "{\"type\":\"user\",\"time\":\"2026-09-20T14:02:11Z\",\"turn\":18446744073709551617,\"content\":\"x\"}",
                "{\"type\":\"user\",\"time\":\"2026-09-20T14:02:11Z\",\"turn\":1,\"content\":\"a\tb\"}",
                "{\"type\":\"user\",\"time\":\"2026-09-20T14:02:11Z\",\"turn\":1,\"content\":\"\\x\"}",
                "{\"type\":\"user\",\"time\":\"2026-09-20T14:02:11Z\",\"turn\":1,\"content\":\"a\\",
                "{\"type\":\"user\",\"time\":\"2026-09-20T14:02:11Z\",\"turn\":1,\"content\":\"a\\u00e",
                "{\"type\":\"user\",\"time\":\"2026-09-20T14:02:11Z\",\"turn\":1}")) {
            byte[] bytes = line.getBytes(StandardCharsets.UTF_8);
            assertThat(StreamedLines.decode(bytes, bytes.length)).as(line).isNull();
        }
    }

    static LogRecord record(Random r) {
        Instant time = Instant.ofEpochSecond(r.nextInt(2_000_000_000));
        long turn = r.nextInt(4) == 0 ? r.nextLong() >>> 2 : r.nextInt(1000);
        return switch (r.nextInt(3)) {
            case 0 -> new UserRecord(time, turn, text(r), r.nextBoolean() ? null : text(r));
            case 1 -> {
                List<ToolCall> calls = new ArrayList<>();
                for (int n = r.nextInt(3); n > 0; n--) {
                    calls.add(new ToolCall(text(r), text(r), text(r)));
                }
                yield new AssistantRecord(time, turn, r.nextBoolean() ? null : text(r), r.nextBoolean() ? null : text(r), calls);
            }
            default -> new ToolResultRecord(time, turn, text(r), text(r), Outcome.values()[r.nextInt(4)], text(r),
                    DataClass.values()[r.nextInt(3)], r.nextBoolean());
        };
    }

    /** Text of every kind a log holds: ASCII, quotes, backslashes, controls, accents, emoji, lone surrogates. */
    static String text(Random r) {
        String[] pieces = {"a", "Z", " ", "the launch", "\"", "\\", "/", "\n", "\t", "\u0000", "\u001f", "\u007f", "\u00e9",
            "\u4e2d", "\uD83D\uDE00", "\uD800", "\uDFFF", "{", "}", ":", ",", "null", "\u2028"};
        StringBuilder out = new StringBuilder();
        for (int n = r.nextInt(8); n > 0; n--) {
            out.append(pieces[r.nextInt(pieces.length)]);
        }
        return out.toString();
    }

    /** The record written by hand: any field order, spacing, escapes, and now and then a field bent or added. */
    static String handWritten(LogRecord record, Random r) {
        List<String[]> fields = new ArrayList<>();
        // The writer's own fields, as key and value texts, from Jackson's tree of its line.
        try {
            var tree = dev.boxmaker.proto.Json.MAPPER.readTree(LogLines.encode(record));
            tree.fields().forEachRemaining(e -> fields.add(new String[] {e.getKey(), value(e.getValue(), r)}));
        } catch (java.io.IOException e) {
            throw new IllegalStateException(e);
        }
        String[] type = fields.remove(0);
        if (r.nextInt(4) == 0) {
            Collections.shuffle(fields, r);
        }
        if (r.nextInt(10) == 0) {
            fields.add(r.nextInt(fields.size() + 1), type);
        } else {
            fields.add(0, type);
        }
        if (r.nextInt(8) == 0) {
            fields.get(r.nextInt(fields.size()))[1] = ODD_VALUES[r.nextInt(ODD_VALUES.length)];
        }
        if (r.nextInt(10) == 0) {
            fields.remove(r.nextInt(fields.size()));
        }
        if (r.nextInt(10) == 0) {
            String[] copy = fields.get(r.nextInt(fields.size())).clone();
            fields.add(r.nextInt(fields.size() + 1), copy);
        }
        if (r.nextInt(10) == 0) {
            fields.add(r.nextInt(fields.size() + 1), new String[] {"extra", ODD_VALUES[r.nextInt(ODD_VALUES.length)]});
        }
        StringBuilder out = new StringBuilder(space(r)).append('{');
        for (int n = 0; n < fields.size(); n++) {
            out.append(n == 0 ? "" : ",").append(space(r)).append(string(fields.get(n)[0], r)).append(space(r))
                    .append(':').append(space(r)).append(fields.get(n)[1]).append(space(r));
        }
        out.append('}').append(space(r));
        if (r.nextInt(20) == 0) {
            out.append(ODD_VALUES[r.nextInt(ODD_VALUES.length)]);
        }
        return out.toString();
    }

    private static String value(com.fasterxml.jackson.databind.JsonNode node, Random r) {
        if (node.isTextual()) {
            return string(node.textValue(), r);
        }
        if (node.isArray()) {
            StringBuilder out = new StringBuilder("[").append(space(r));
            for (int n = 0; n < node.size(); n++) {
                out.append(n == 0 ? "" : "," + space(r)).append(value(node.get(n), r)).append(space(r));
            }
            return out.append(']').toString();
        }
        if (node.isObject()) {
            List<String> members = new ArrayList<>();
            node.fields().forEachRemaining(e -> members.add(string(e.getKey(), r) + space(r) + ":" + space(r)
                    + value(e.getValue(), r)));
            if (r.nextInt(4) == 0) {
                Collections.shuffle(members, r);
            }
            return "{" + space(r) + String.join("," + space(r), members) + space(r) + "}";
        }
        return node.toString();
    }

    /** {@code s} as a JSON string, each character written plainly or escaped in one of JSON's ways. */
    static String string(String s, Random r) {
        StringBuilder out = new StringBuilder("\"");
        boolean escapes = r.nextInt(3) == 0;
        for (int k = 0; k < s.length(); k++) {
            char c = s.charAt(k);
            // Now and then a control character is written as it is, which JSON does not allow.
            boolean mustEscape = c == '"' || c == '\\' || c < 0x20 && r.nextInt(20) > 0 || Character.isSurrogate(c)
                    && !(Character.isHighSurrogate(c) && k + 1 < s.length() && Character.isLowSurrogate(s.charAt(k + 1)));
            if (Character.isHighSurrogate(c) && !mustEscape && !(escapes && r.nextBoolean())) {
                out.append(c).append(s.charAt(++k));
            } else if (mustEscape || escapes && r.nextInt(3) == 0) {
                out.append(switch (c) {
                    case '"' -> "\\\"";
                    case '\\' -> r.nextBoolean() ? "\\\\" : "\\u005C";
                    case '\n' -> "\\n";
                    case '/' -> "\\/";
                    default -> String.format(r.nextBoolean() ? "\\u%04x" : "\\u%04X", (int) c);
                });
            } else {
                out.append(c);
            }
        }
        return out.append('"').toString();
    }

    private static String space(Random r) {
        return SPACE[r.nextInt(SPACE.length)];
    }
}
