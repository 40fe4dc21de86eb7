package dev.boxmaker.proto.log;

import static dev.boxmaker.proto.log.LogSamples.ANSWER;
import static dev.boxmaker.proto.log.LogSamples.ANSWER_LINE;
import static dev.boxmaker.proto.log.LogSamples.CALL;
import static dev.boxmaker.proto.log.LogSamples.CALL_LINE;
import static dev.boxmaker.proto.log.LogSamples.RESULT;
import static dev.boxmaker.proto.log.LogSamples.RESULT_LINE;
import static dev.boxmaker.proto.log.LogSamples.USER;
import static dev.boxmaker.proto.log.LogSamples.USER_LINE;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.boxmaker.proto.DataClass;
import dev.boxmaker.proto.Label;
import dev.boxmaker.proto.wire.msg.Outcome;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Each record type is written exactly as home.md's example lines and reads back equal. */
class LogRecordTest {
    private static final Path FILE = Path.of("/home/b/sessions/chat-x/0.jsonl");

    static String line(LogRecord record) {
        return new String(LogLines.encode(record), StandardCharsets.UTF_8);
    }

    static LogRecord read(String line) throws LogFormatException {
        byte[] bytes = line.getBytes(StandardCharsets.UTF_8);
        return LogLines.decode(bytes, bytes.length, FILE, 0);
    }

    @Test
    void aUserRecordIsWrittenAsHomeMdShowsIt() throws Exception {
        assertThat(line(USER)).isEqualTo(USER_LINE);
        assertThat(read(USER_LINE)).isEqualTo(USER);
    }

    @Test
    void anAssistantRecordWithToolCallsIsWrittenAsHomeMdShowsIt() throws Exception {
        assertThat(line(CALL)).isEqualTo(CALL_LINE);
        assertThat(read(CALL_LINE)).isEqualTo(CALL);
        assertThat(CALL.closesTurn()).isFalse();
    }

    @Test
    void aToolResultRecordIsWrittenAsHomeMdShowsIt() throws Exception {
        assertThat(line(RESULT)).isEqualTo(RESULT_LINE);
        assertThat(read(RESULT_LINE)).isEqualTo(RESULT);
        assertThat(RESULT.label()).isEqualTo(new Label(DataClass.PRIVATE, false));
    }

    @Test
    void theClosingAssistantRecordIsWrittenAsHomeMdShowsIt() throws Exception {
        assertThat(line(ANSWER)).isEqualTo(ANSWER_LINE);
        assertThat(read(ANSWER_LINE)).isEqualTo(ANSWER);
        assertThat(ANSWER.closesTurn()).isTrue();
    }

    @Test
    void anUnknownSpeakerIsWrittenAsNull() throws Exception {
        UserRecord record = new UserRecord(USER.time(), 0, "hi", null);
        String expected = "{\"type\":\"user\",\"time\":\"2026-09-20T14:02:11Z\",\"turn\":0,\"content\":\"hi\",\"speaker\":null}";
        assertThat(line(record)).isEqualTo(expected);
        assertThat(read(expected)).isEqualTo(record);
    }

    @Test
    void aSpeakerLeftOutReadsAsNull() throws Exception {
        assertThat(read("{\"type\":\"user\",\"time\":\"2026-09-20T14:02:11Z\",\"turn\":0,\"content\":\"hi\"}"))
                .isEqualTo(new UserRecord(USER.time(), 0, "hi", null));
    }

    @Test
    void argumentsAreKeptExactlyAsTheModelGaveThem() throws Exception {
        String arguments = "{ \"path\" : \"/srv/q3.txt\", \"n\": 1.50,\n \"path\":2 ";
        AssistantRecord record = new AssistantRecord(USER.time(), 1, "", null,
                List.of(new ToolCall("c", "read_file", arguments), new ToolCall("d", "clock", "")));
        AssistantRecord back = (AssistantRecord) read(line(record));
        assertThat(back.toolCalls().get(0).arguments()).isEqualTo(arguments);
        assertThat(back).isEqualTo(record);
    }

    @Test
    void everyOutcomeAndLabelIsWrittenAsItsWord() throws Exception {
        for (Outcome outcome : Outcome.values()) {
            for (DataClass dataClass : DataClass.values()) {
                ToolResultRecord record = new ToolResultRecord(USER.time(), 2, "c", "t", outcome, "x", dataClass, true);
                assertThat(line(record)).contains("\"outcome\":\"" + outcome.wire() + "\",\"content\":\"x\",\"class\":\""
                        + dataClass.wire() + "\",\"untrusted\":true}");
                assertThat(read(line(record))).isEqualTo(record);
            }
        }
    }

    @Test
    void textKeepsUnicodeAndEscapesWhatJsonMust() throws Exception {
        UserRecord record = new UserRecord(USER.time(), 0, "caf\u00e9 \u732b \ud83d\ude00 \"q\" \\ \n\t\u0000\u2028", "k\u00e4");
        assertThat(line(record)).isEqualTo("{\"type\":\"user\",\"time\":\"2026-09-20T14:02:11Z\",\"turn\":0,"
                + "\"content\":\"caf\u00e9 \u732b \ud83d\ude00 \\\"q\\\" \\\\ \\n\\t\\u0000\u2028\",\"speaker\":\"k\u00e4\"}");
        assertThat(read(line(record))).isEqualTo(record);
    }

    @Test
    void timeIsKeptToTheSecond() {
        UserRecord record = new UserRecord(Instant.parse("2026-09-20T14:02:11.987654321Z"), 0, "hi", null);
        assertThat(record.time()).isEqualTo(Instant.parse("2026-09-20T14:02:11Z"));
        assertThat(line(record)).contains("\"time\":\"2026-09-20T14:02:11Z\"");
        assertThat(LogTime.format(Instant.EPOCH)).isEqualTo("1970-01-01T00:00:00Z");
        assertThat(LogTime.format(LogTime.EARLIEST)).isEqualTo("0000-01-01T00:00:00Z");
        assertThat(LogTime.format(LogTime.LATEST)).isEqualTo("9999-12-31T23:59:59Z");
    }

    @Test
    void aTimeTheLogCannotWriteIsRefused() {
        assertThatThrownBy(() -> new UserRecord(LogTime.LATEST.plusSeconds(1), 0, "x", null))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("the time +10000-01-01T00:00:00Z is outside the years 0000 to 9999, which a session log can hold");
        assertThatThrownBy(() -> new UserRecord(LogTime.EARLIEST.minusSeconds(1), 0, "x", null))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void onlyTheLogsTimeFormIsRead() {
        for (String text : List.of("2026-09-20T14:02:11.5Z", "2026-09-20 14:02:11Z", "2026-09-20T14:02:11+00:00",
                "2026-09-20T14:02Z", "2026-02-30T00:00:00Z", "2026-09-20T24:00:00Z",
                "2026-12-31T23:59:60Z", "")) {
            assertThatThrownBy(() -> LogTime.parse(text)).as(text).isInstanceOf(IllegalArgumentException.class)
                    .hasMessage("invalid time \"" + text + "\": it must be a UTC time to the second, like 2026-09-20T14:02:11Z");
        }
        assertThat(LogTime.parse("2026-09-20T14:02:11Z")).isEqualTo(Instant.parse("2026-09-20T14:02:11Z"));
    }

    @Test
    void recordsCheckTheirFields() {
        assertThatThrownBy(() -> new UserRecord(USER.time(), -1, "x", null)).hasMessage("\"turn\" must not be negative");
        assertThatThrownBy(() -> new UserRecord(null, 0, "x", null)).hasMessage("\"time\" is missing");
        assertThatThrownBy(() -> new UserRecord(USER.time(), 0, null, null)).hasMessage("\"content\" is missing");
        assertThatThrownBy(() -> new AssistantRecord(USER.time(), 0, null, null, null)).hasMessage("\"tool_calls\" is missing");
        List<ToolCall> withNull = new ArrayList<>();
        withNull.add(null);
        assertThatThrownBy(() -> new AssistantRecord(USER.time(), 0, null, null, withNull))
                .hasMessage("\"tool_calls[0]\" is missing");
        assertThatThrownBy(() -> new ToolCall("c", "t", null)).hasMessage("\"arguments\" is missing");
        assertThatThrownBy(() -> new ToolResultRecord(USER.time(), 0, "c", "t", Outcome.OK, "x", null, false))
                .hasMessage("\"class\" is missing");
    }

    @Test
    void toolCallsAreCopiedUnmodifiable() {
        List<ToolCall> calls = new ArrayList<>(List.of(new ToolCall("c", "t", "{}")));
        AssistantRecord record = new AssistantRecord(USER.time(), 0, null, null, calls);
        calls.clear();
        assertThat(record.toolCalls()).hasSize(1);
        assertThatThrownBy(() -> record.toolCalls().clear()).isInstanceOf(UnsupportedOperationException.class);
    }

    @Test
    void unknownFieldsAreIgnoredAndTypeNeedNotComeFirst() throws Exception {
        String later = "{\"epoch\":0,\"time\":\"2026-09-20T14:02:11Z\",\"turn\":3,\"type\":\"user\","
                + "\"content\":\"the launch window moved to Thursday\",\"speaker\":\"kyle\",\"extra\":{\"a\":[1]}}";
        assertThat(read(later)).isEqualTo(USER);
    }
}
