package dev.boxmaker.proto.log;

import static org.assertj.core.api.Assertions.assertThat;

import dev.boxmaker.proto.DataClass;
import dev.boxmaker.proto.wire.msg.Outcome;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Instant;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/**
 * Any record, with any text (controls, newlines, emoji, lone surrogates), is one line without a
 * newline byte, starts with its type, and reads back equal. jqwik prints the seed of a failing run.
 */
class LogLinesRoundTripTest {
    private static final Path FILE = Path.of("/home/b/sessions/chat-x/0.jsonl");

    @Provide
    Arbitrary<String> text() {
        return Arbitraries.oneOf(
                Arbitraries.strings().ofMaxLength(40),
                Arbitraries.strings().withChars("\n\r\t\"\\\u0000\u2028\u200b<|>{}").ofMaxLength(20),
                Arbitraries.strings().withCharRange('\ud800', '\udfff').ofMaxLength(6));
    }

    @Provide
    Arbitrary<LogRecord> records() {
        Arbitrary<Instant> time = Arbitraries.longs().between(LogTime.EARLIEST.getEpochSecond(), LogTime.LATEST.getEpochSecond())
                .map(Instant::ofEpochSecond);
        Arbitrary<Long> turn = Arbitraries.longs().between(0, Long.MAX_VALUE);
        Arbitrary<String> text = text();
        Arbitrary<LogRecord> user = Combinators.combine(time, turn, text, text.injectNull(0.3))
                .as(UserRecord::new);
        Arbitrary<ToolCall> call = Combinators.combine(text, text, text).as(ToolCall::new);
        Arbitrary<LogRecord> assistant = Combinators.combine(time, turn, text.injectNull(0.3), text.injectNull(0.3),
                call.list().ofMaxSize(3)).as(AssistantRecord::new);
        Arbitrary<LogRecord> result = Combinators.combine(time, turn, text, text, Arbitraries.of(Outcome.class), text,
                Arbitraries.of(DataClass.class), Arbitraries.of(true, false)).as(ToolResultRecord::new);
        return Arbitraries.oneOf(user, assistant, result);
    }

    @Property(tries = 2000)
    void everyRecordIsOneLineThatReadsBackEqual(@ForAll("records") LogRecord record) throws LogFormatException {
        byte[] line = LogLines.encode(record);
        for (byte b : line) {
            assertThat(b).isNotEqualTo((byte) '\n');
        }
        String type = record instanceof UserRecord ? UserRecord.TYPE
                : record instanceof AssistantRecord ? AssistantRecord.TYPE : ToolResultRecord.TYPE;
        assertThat(new String(line, StandardCharsets.UTF_8)).startsWith("{\"type\":\"" + type + "\",\"time\":\"");
        assertThat(LogLines.decode(line, line.length, FILE, 0)).isEqualTo(record);
    }

    @Property(tries = 200)
    void theFormOfEveryTimeIsFixed(@ForAll("records") LogRecord record) {
        String text = LogTime.format(record.time());
        assertThat(text).matches("\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}Z");
        assertThat(LogTime.parse(text)).isEqualTo(record.time());
    }
}
