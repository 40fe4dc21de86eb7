package dev.boxmaker.proto.log;

import static org.assertj.core.api.Assertions.assertThat;
import static org.quicktheories.QuickTheory.qt;
import static org.quicktheories.generators.SourceDSL.lists;

import dev.boxmaker.proto.DataClass;
import dev.boxmaker.proto.testing.Texts;
import dev.boxmaker.proto.wire.msg.Outcome;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.quicktheories.core.Gen;
import org.quicktheories.generators.Generate;

/**
 * Any record, with any text (controls, newlines, emoji, lone surrogates), is one line without a
 * newline byte, starts with its type, and reads back equal. QuickTheories prints the seed of a
 * failing run; the README's Tests section says how to replay it.
 */
class LogLinesRoundTripTest {
    private static final Path FILE = Path.of("/home/b/sessions/chat-x/0.jsonl");

    static Gen<String> text() {
        return Generate.oneOf(
                Texts.anyChars(0, 40),
                Texts.of("\n\r\t\"\\\u0000\u2028\u200b<|>{}", 0, 20),
                lists().of(Generate.characters('\ud800', '\udfff')).ofSizeBetween(0, 6)
                        .map(cs -> cs.stream().map(String::valueOf).collect(java.util.stream.Collectors.joining())));
    }

    static Gen<LogRecord> records() {
        Gen<Instant> time = Generate.longRange(LogTime.EARLIEST.getEpochSecond(), LogTime.LATEST.getEpochSecond())
                .map(s -> Instant.ofEpochSecond(s));
        Gen<Long> turn = Generate.longRange(0, Long.MAX_VALUE);
        Gen<String> text = text();
        Gen<String> optional = Texts.orNull(text, 30);
        Gen<LogRecord> user = in -> new UserRecord(time.generate(in), turn.generate(in), text.generate(in), optional.generate(in));
        Gen<ToolCall> call = text.zip(text, text, ToolCall::new);
        Gen<List<ToolCall>> calls = lists().of(call).ofSizeBetween(0, 3);
        Gen<LogRecord> assistant = in -> new AssistantRecord(time.generate(in), turn.generate(in), optional.generate(in),
                optional.generate(in), calls.generate(in));
        Gen<Outcome> outcome = Generate.enumValues(Outcome.class);
        Gen<DataClass> dataClass = Generate.enumValues(DataClass.class);
        Gen<LogRecord> result = in -> new ToolResultRecord(time.generate(in), turn.generate(in), text.generate(in),
                text.generate(in), outcome.generate(in), text.generate(in), dataClass.generate(in), Generate.booleans().generate(in));
        return Generate.oneOf(user, assistant, result);
    }

    @Test
    void everyRecordIsOneLineThatReadsBackEqual() {
        qt().withExamples(2000).forAll(records()).checkAssert(LogLinesRoundTripTest::isOneLineThatReadsBackEqual);
    }

    @Test
    void theFormOfEveryTimeIsFixed() {
        qt().withExamples(200).forAll(records()).checkAssert(record -> {
            String text = LogTime.format(record.time());
            assertThat(text).matches("\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}Z");
            assertThat(LogTime.parse(text)).isEqualTo(record.time());
        });
    }

    private static void isOneLineThatReadsBackEqual(LogRecord record) {
        byte[] line = LogLines.encode(record);
        for (byte b : line) {
            assertThat(b).isNotEqualTo((byte) '\n');
        }
        String type = record instanceof UserRecord ? UserRecord.TYPE
                : record instanceof AssistantRecord ? AssistantRecord.TYPE : ToolResultRecord.TYPE;
        assertThat(new String(line, StandardCharsets.UTF_8)).startsWith("{\"type\":\"" + type + "\",\"time\":\"");
        try {
            assertThat(LogLines.decode(line, line.length, FILE, 0)).isEqualTo(record);
        } catch (LogFormatException e) {
            throw new AssertionError(e.getMessage(), e);
        }
    }
}
