package dev.boxmaker.proto.log;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** A line that is not a record is refused with one sentence naming the file and the record. */
class LogLinesTest {
    private static final Path FILE = Path.of("/home/b/sessions/chat-x/0.jsonl");
    private static final String TIME = "\"time\":\"2026-09-20T14:02:11Z\"";

    private static String refusal(String line, long record) {
        return refusal(line.getBytes(StandardCharsets.UTF_8), record);
    }

    private static String refusal(byte[] bytes, long record) {
        try {
            LogLines.decode(bytes, bytes.length, FILE, record);
        } catch (LogFormatException e) {
            assertThat(e.file()).isEqualTo(FILE);
            assertThat(e.record()).isEqualTo(record);
            return e.getMessage();
        }
        throw new AssertionError("accepted: " + new String(bytes, StandardCharsets.UTF_8));
    }

    private static String sentence(long record, String why) {
        return "the session log /home/b/sessions/chat-x/0.jsonl is not valid at record " + record
                + " (line " + (record + 1) + " in an editor): " + why
                + "; the records before it were read and none after it; see runbook session-log-invalid";
    }

    @Test
    void anUnknownTypeIsNamedWithFileAndRecord() {
        assertThat(refusal("{\"type\":\"system\"," + TIME + ",\"turn\":0}", 7)).isEqualTo(
                "the session log /home/b/sessions/chat-x/0.jsonl is not valid at record 7 (line 8 in an editor): "
                        + "unknown type \"system\": it must be user, assistant or tool_result; "
                        + "the records before it were read and none after it; see runbook session-log-invalid");
    }

    @Test
    void aMissingTypeIsNamed() {
        assertThat(refusal("{" + TIME + ",\"turn\":0,\"content\":\"x\"}", 0)).isEqualTo(sentence(0, "\"type\" is missing"));
        assertThat(refusal("{}", 1)).isEqualTo(sentence(1, "\"type\" is missing"));
    }

    @Test
    void aMissingFieldIsNamed() {
        assertThat(refusal("{\"type\":\"user\"," + TIME + ",\"content\":\"x\",\"speaker\":null}", 2))
                .isEqualTo(sentence(2, "\"turn\" is missing"));
        assertThat(refusal("{\"type\":\"tool_result\"," + TIME + ",\"turn\":1,\"call\":\"c\",\"tool\":\"t\","
                + "\"outcome\":\"ok\",\"content\":\"x\",\"class\":\"private\"}", 3))
                .isEqualTo(sentence(3, "\"untrusted\" is missing"));
        assertThat(refusal("{\"type\":\"assistant\"," + TIME + ",\"turn\":1,\"content\":null,\"reasoning_content\":null}", 4))
                .isEqualTo(sentence(4, "\"tool_calls\" is missing"));
    }

    @Test
    void aFieldInsideAToolCallIsNamedByItsPath() {
        assertThat(refusal("{\"type\":\"assistant\"," + TIME + ",\"turn\":1,\"content\":null,\"reasoning_content\":null,"
                + "\"tool_calls\":[{\"id\":\"c\",\"name\":\"t\"}]}", 5))
                .isEqualTo(sentence(5, "\"tool_calls[0].arguments\" is missing"));
        assertThat(refusal("{\"type\":\"assistant\"," + TIME + ",\"turn\":1,\"content\":null,\"reasoning_content\":null,"
                + "\"tool_calls\":[null]}", 5))
                .isEqualTo(sentence(5, "\"tool_calls[0]\" is missing"));
    }

    @Test
    void aWrongTypeIsNamed() {
        assertThat(refusal("{\"type\":\"user\"," + TIME + ",\"turn\":\"3\",\"content\":\"x\",\"speaker\":null}", 0))
                .isEqualTo(sentence(0, "\"turn\" has the wrong type or value"));
        assertThat(refusal("{\"type\":\"user\",\"time\":1758376931,\"turn\":3,\"content\":\"x\",\"speaker\":null}", 0))
                .isEqualTo(sentence(0, "\"time\" has the wrong type or value"));
        assertThat(refusal("{\"type\":\"tool_result\"," + TIME + ",\"turn\":1,\"call\":\"c\",\"tool\":\"t\","
                + "\"outcome\":\"ok\",\"content\":\"x\",\"class\":\"private\",\"untrusted\":\"no\"}", 0))
                .isEqualTo(sentence(0, "\"untrusted\" has the wrong type or value"));
    }

    @Test
    void aNegativeTurnIsRefused() {
        assertThat(refusal("{\"type\":\"user\"," + TIME + ",\"turn\":-1,\"content\":\"x\",\"speaker\":null}", 0))
                .isEqualTo(sentence(0, "\"turn\" must not be negative"));
    }

    @Test
    void aBadTimeClassOrOutcomeGivesItsOwnSentence() {
        assertThat(refusal("{\"type\":\"user\",\"time\":\"2026-09-20T14:02:11.250Z\",\"turn\":0,\"content\":\"x\"}", 0))
                .isEqualTo(sentence(0, "\"time\" is wrong: invalid time \"2026-09-20T14:02:11.250Z\": "
                        + "it must be a UTC time to the second, like 2026-09-20T14:02:11Z"));
        assertThat(refusal("{\"type\":\"tool_result\"," + TIME + ",\"turn\":1,\"call\":\"c\",\"tool\":\"t\","
                + "\"outcome\":\"ok\",\"content\":\"x\",\"class\":\"internal\",\"untrusted\":false}", 0))
                .isEqualTo(sentence(0, "\"class\" is wrong: unknown data class \"internal\": it must be public, private or secret"));
        assertThat(refusal("{\"type\":\"tool_result\"," + TIME + ",\"turn\":1,\"call\":\"c\",\"tool\":\"t\","
                + "\"outcome\":\"done\",\"content\":\"x\",\"class\":\"public\",\"untrusted\":false}", 0))
                .isEqualTo(sentence(0, "\"outcome\" is wrong: unknown outcome \"done\": it must be ok, refused, denied or failed"));
    }

    @Test
    void anythingButOneJsonObjectIsRefused() {
        String notJson = "it is not one JSON object";
        assertThat(refusal("", 9)).isEqualTo(sentence(9, notJson));
        assertThat(refusal("   ", 9)).isEqualTo(sentence(9, notJson));
        assertThat(refusal("[1,2]", 9)).isEqualTo(sentence(9, notJson));
        assertThat(refusal("null", 9)).isEqualTo(sentence(9, notJson));
        assertThat(refusal("{\"type\":\"user\",", 9)).isEqualTo(sentence(9, notJson));
        assertThat(refusal(LogSamples.USER_LINE + " {}", 9)).isEqualTo(sentence(9, notJson));
        assertThat(refusal(LogSamples.USER_LINE + LogSamples.USER_LINE, 9)).isEqualTo(sentence(9, notJson));
        assertThat(refusal(LogSamples.USER_LINE + " x", 9)).isEqualTo(sentence(9, notJson));
    }

    @Test
    void aDuplicateFieldIsRefused() {
        assertThat(refusal("{\"type\":\"user\",\"type\":\"assistant\"," + TIME + ",\"turn\":0,\"content\":\"x\"}", 0))
                .isEqualTo(sentence(0, "it is not one JSON object"));
    }

    @Test
    void invalidUtf8IsRefused() {
        byte[] line = LogSamples.USER_LINE.getBytes(StandardCharsets.UTF_8);
        line[line.length - 5] = (byte) 0xFF;
        assertThat(refusal(line, 4)).isEqualTo(sentence(4, "it is not valid UTF-8"));
    }

    @Test
    void onlyTheGivenLengthIsRead() throws Exception {
        byte[] buffer = (LogSamples.USER_LINE + "garbage after the line").getBytes(StandardCharsets.UTF_8);
        int length = LogSamples.USER_LINE.getBytes(StandardCharsets.UTF_8).length;
        assertThat(LogLines.decode(buffer, length, FILE, 0)).isEqualTo(LogSamples.USER);
    }

    @Test
    void recordNumbersAreGroupedInTheSentence() {
        assertThatThrownBy(() -> LogLines.decode(new byte[] {'x'}, 1, FILE, 12_345))
                .hasMessageContaining("at record 12,345 (line 12,346 in an editor)");
    }
}
