package dev.boxmaker.proto.log;

import static dev.boxmaker.proto.log.LogSamples.TURN;
import static dev.boxmaker.proto.log.LogSamples.user;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** home.md: a reader takes complete lines from where it left off, and skips a write in progress. */
class SessionLogReaderTest {
    private static final String RUNBOOK = "; see runbook session-log-invalid";

    @TempDir
    Path home;

    private Path file;

    @BeforeEach
    void setUp() throws IOException {
        file = home.resolve("sessions/chat-x/0.jsonl");
        Files.createDirectories(file.getParent());
    }

    private void append(String text) throws IOException {
        Files.writeString(file, text, StandardCharsets.UTF_8, StandardOpenOption.CREATE, StandardOpenOption.APPEND);
    }

    private long size() throws IOException {
        return Files.size(file);
    }

    @Test
    void readsHomeMdsTurnFromTheStart() throws IOException {
        append(LogSamples.turnText());
        SessionLogReader.Batch batch = new SessionLogReader(file).read(0);
        assertThat(batch.records()).containsExactlyElementsOf(TURN);
        assertThat(batch.next()).isEqualTo(new LogPosition(4, size()));
        assertThat(batch.more()).isFalse();
    }

    @Test
    void aFinalLineWithoutANewlineIsSkippedAndReadOnceComplete() throws IOException {
        String third = LogSamples.RESULT_LINE;
        append(LogSamples.USER_LINE + "\n" + LogSamples.CALL_LINE + "\n" + third.substring(0, 40));
        SessionLogReader reader = new SessionLogReader(file);

        SessionLogReader.Batch first = reader.read(0);
        assertThat(first.records()).containsExactly(LogSamples.USER, LogSamples.CALL);
        long twoLines = size() - 40;
        assertThat(first.next()).isEqualTo(new LogPosition(2, twoLines));

        assertThat(reader.read(first.next()).records()).isEmpty();
        append(third.substring(40));
        assertThat(reader.read(first.next()).records()).as("still no newline").isEmpty();

        append("\n");
        SessionLogReader.Batch second = reader.read(first.next());
        assertThat(second.records()).containsExactly(LogSamples.RESULT);
        assertThat(second.next()).isEqualTo(new LogPosition(3, size()));
        assertThat(reader.read(2).records()).as("from the count alone").containsExactly(LogSamples.RESULT);
    }

    @Test
    void aMalformedLineNamesTheFileAndTheRecord() throws IOException {
        append(LogSamples.USER_LINE + "\n" + LogSamples.CALL_LINE + "\n{\"type\":\"user\",\"turn\":1}\n" + LogSamples.ANSWER_LINE + "\n");
        SessionLogReader reader = new SessionLogReader(file);
        // The records before the bad line are read: they end the first batch, and the next read throws.
        SessionLogReader.Batch before = reader.read(0);
        assertThat(before.records()).containsExactly(LogSamples.USER, LogSamples.CALL);
        assertThat(before.more()).isTrue();
        assertThat(before.next().records()).isEqualTo(2);
        assertThatThrownBy(() -> reader.read(before.next())).isInstanceOfSatisfying(LogFormatException.class, e -> {
            assertThat(e.file()).isEqualTo(file);
            assertThat(e.record()).isEqualTo(2);
            assertThat(e).hasMessage("the session log " + file + " is not valid at record 2 (line 3 in an editor): "
                    + "\"time\" is missing; the records before it were read and none after it" + RUNBOOK);
        });
        assertThat(reader.read(3).records()).as("past the bad line").containsExactly(LogSamples.ANSWER);
    }

    @Test
    void anEmptyLineIsMalformed() throws IOException {
        append(LogSamples.USER_LINE + "\n\n" + LogSamples.ANSWER_LINE + "\n");
        SessionLogReader.Batch before = new SessionLogReader(file).read(0);
        assertThat(before.records()).containsExactly(LogSamples.USER);
        assertThatThrownBy(() -> new SessionLogReader(file).read(before.next()))
                .isInstanceOfSatisfying(LogFormatException.class, e -> assertThat(e.record()).isEqualTo(1))
                .hasMessageContaining("at record 1 (line 2 in an editor): it is not one JSON object;");
    }

    @Test
    void resumingFromACountOrAPositionGivesTheSameRecords() throws IOException {
        List<LogRecord> all = new ArrayList<>();
        StringBuilder text = new StringBuilder();
        for (int i = 0; i < 2_000; i++) {
            // Lines of varied length, so line ends fall on both sides of every 64 KiB chunk edge.
            UserRecord record = user(i, "x".repeat(i % 97) + " \u732b\ud83d\ude00 " + i);
            all.add(record);
            text.append(LogRecordTest.line(record)).append('\n');
        }
        append(text.toString());
        SessionLogReader reader = new SessionLogReader(file);
        SessionLogReader.Batch whole = reader.read(0);
        assertThat(whole.records()).containsExactlyElementsOf(all);
        for (int from : new int[] {0, 1, 737, 1_999, 2_000}) {
            SessionLogReader.Batch rest = reader.read(from);
            assertThat(rest.records()).containsExactlyElementsOf(all.subList(from, all.size()));
            assertThat(rest.next()).isEqualTo(whole.next());
            LogPosition at = reader.position(from);
            assertThat(at.records()).isEqualTo(from);
            assertThat(reader.read(at).records()).containsExactlyElementsOf(all.subList(from, all.size()));
        }
    }

    @Test
    void aBatchStopsAtItsSizeAndTheNextGoesOn() throws IOException {
        append(LogSamples.turnText());
        SessionLogReader reader = new SessionLogReader(file, SessionLogReader.LINE_BYTES_MAX, 1);
        List<LogRecord> read = new ArrayList<>();
        LogPosition at = LogPosition.START;
        int batches = 0;
        SessionLogReader.Batch batch;
        do {
            batch = reader.read(at);
            assertThat(batch.records()).hasSizeLessThanOrEqualTo(1);
            read.addAll(batch.records());
            at = batch.next();
            batches++;
        } while (batch.more());
        assertThat(read).containsExactlyElementsOf(TURN);
        assertThat(at).isEqualTo(new LogPosition(4, size()));
        assertThat(batches).isEqualTo(5);
    }

    @Test
    void aLineAtTheLimitIsReadAndOnePastItIsRefused() throws IOException {
        String line = LogRecordTest.line(user(0, "y".repeat(200)));
        int limit = line.getBytes(StandardCharsets.UTF_8).length;
        append(line + "\n");
        assertThat(new SessionLogReader(file, limit, SessionLogReader.BATCH_BYTES_MAX).read(0).records()).hasSize(1);
        assertThatThrownBy(() -> new SessionLogReader(file, limit - 1, SessionLogReader.BATCH_BYTES_MAX).read(0))
                .isInstanceOf(LogFormatException.class)
                .hasMessageContaining("at record 0 (line 1 in an editor): it is longer than " + (limit - 1) + " bytes;");
    }

    @Test
    void anUnfinishedLinePastTheLimitIsRefusedAlready() throws IOException {
        append(LogSamples.USER_LINE + "\n" + "{".repeat(300));
        SessionLogReader reader = new SessionLogReader(file, 200, SessionLogReader.BATCH_BYTES_MAX);
        SessionLogReader.Batch before = reader.read(0);
        assertThat(before.records()).containsExactly(LogSamples.USER);
        assertThatThrownBy(() -> reader.read(before.next()))
                .isInstanceOfSatisfying(LogFormatException.class, e -> assertThat(e.record()).isEqualTo(1));
    }

    @Test
    void aLineLongerThanTheReadBufferIsRead() throws IOException {
        UserRecord big = user(0, "z\u00e9".repeat(200_000));
        append(LogRecordTest.line(big) + "\n" + LogSamples.ANSWER_LINE + "\n");
        assertThat(new SessionLogReader(file).read(0).records()).containsExactly(big, LogSamples.ANSWER);
    }

    /**
     * Readers on one thread share their buffers (LineScanner.release): each still reads only its own
     * log, after a read that grew the line buffer, one that failed half way, and a shorter log than the
     * last, whose bytes would show if a buffer's old contents were read.
     */
    @Test
    void readersOneAfterAnotherReadOnlyTheirOwnLogs() throws IOException {
        Path other = home.resolve("sessions/chat-y/0.jsonl");
        Files.createDirectories(other.getParent());
        UserRecord big = user(0, "q".repeat(150_000));
        Files.writeString(other, LogRecordTest.line(big) + "\n" + LogSamples.ANSWER_LINE + "\n");
        append(LogSamples.USER_LINE + "\n" + "{not json\n");

        assertThat(new SessionLogReader(other).read(0).records()).containsExactly(big, LogSamples.ANSWER);
        assertThatThrownBy(() -> new SessionLogReader(file).read(1)).isInstanceOf(LogFormatException.class);
        Files.writeString(other, LogSamples.ANSWER_LINE + "\n");
        assertThat(new SessionLogReader(other).read(0).records()).containsExactly(LogSamples.ANSWER);
        Files.writeString(file, LogSamples.USER_LINE + "\n" + LogSamples.CALL_LINE + "\n");
        assertThat(new SessionLogReader(file).read(0).records()).containsExactly(LogSamples.USER, LogSamples.CALL);
        assertThat(new SessionLogReader(other).position(1)).isEqualTo(new LogPosition(1, Files.size(other)));
        assertThat(new SessionLogReader(file).read(1).records()).containsExactly(LogSamples.CALL);
    }

    @Test
    void anEmptyLogHasNoRecords() throws IOException {
        append("");
        SessionLogReader.Batch batch = new SessionLogReader(file).read(0);
        assertThat(batch.records()).isEmpty();
        assertThat(batch.next()).isEqualTo(LogPosition.START);
        assertThat(batch.more()).isFalse();
    }

    @Test
    void aMissingLogIsNoSuchFile() {
        assertThatThrownBy(() -> new SessionLogReader(file).read(0)).isInstanceOf(NoSuchFileException.class);
    }

    @Test
    void aCountPastTheEndIsRefused() throws IOException {
        append(LogSamples.turnText() + LogSamples.USER_LINE);
        assertThatThrownBy(() -> new SessionLogReader(file).read(5)).isInstanceOf(LogFormatException.class)
                .hasMessage("the session log " + file + " holds fewer than the 5 records already read; "
                        + "a session log is never rewritten, so something else changed it" + RUNBOOK);
    }

    @Test
    void aPositionPastTheEndIsRefused() throws IOException {
        append(LogSamples.turnText());
        long past = size() + 1;
        assertThat(past).as("written without a thousands comma below").isLessThan(1_000);
        assertThatThrownBy(() -> new SessionLogReader(file).read(new LogPosition(5, past)))
                .isInstanceOf(LogFormatException.class)
                .hasMessage("the session log " + file + " is shorter than the " + past
                        + " bytes already read; a session log is never rewritten, so something else changed it" + RUNBOOK);
    }

    @Test
    void aPositionInsideALineIsRefused() throws IOException {
        append(LogSamples.turnText());
        assertThatThrownBy(() -> new SessionLogReader(file).read(new LogPosition(1, 10)))
                .isInstanceOf(LogFormatException.class)
                .hasMessage("byte 10 of the session log " + file + " is not the start of a line; "
                        + "resume from a position the reader returned, or from the record count alone");
    }

    @Test
    void aPositionAtTheEndReadsNothingYet() throws IOException {
        append(LogSamples.turnText());
        LogPosition end = new LogPosition(4, size());
        SessionLogReader.Batch batch = new SessionLogReader(file).read(end);
        assertThat(batch.records()).isEmpty();
        assertThat(batch.next()).isEqualTo(end);
    }

    @Test
    void aPositionNeedsAsManyBytesAsRecords() {
        assertThatThrownBy(() -> new LogPosition(3, 2)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("a session log position needs 0 <= records <= bytes, not 3 records at byte 2");
        assertThatThrownBy(() -> new LogPosition(-1, 2)).isInstanceOf(IllegalArgumentException.class);
    }
}
