package dev.boxmaker.proto.log;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * conventions.md: fail the Nth file operation and check nothing acknowledged was lost and nothing
 * half-written is left for a reader or for the next append.
 */
class SessionLogWriterFaultTest {
    @TempDir
    Path home;

    private Path file() {
        return home.resolve("sessions/chat-x/0.jsonl");
    }

    private SessionLogWriter open(AtomicReference<FailingChannel> channel) throws IOException {
        return SessionLogWriter.open(file(), SessionLogReader.LINE_BYTES_MAX, real -> {
            channel.set(new FailingChannel(real));
            return channel.get();
        });
    }

    private String text() throws IOException {
        return Files.readString(file(), StandardCharsets.UTF_8);
    }

    @Test
    void aWriteThatFailsHalfWayIsUndoneAndTheNextAppendIsWhole() throws IOException {
        AtomicReference<FailingChannel> channel = new AtomicReference<>();
        try (SessionLogWriter writer = open(channel)) {
            writer.append(LogSamples.USER);
            channel.get().writesBeforeFailure = 0;
            channel.get().bytesWrittenByFailingWrite = 25;
            assertThatThrownBy(() -> writer.append(LogSamples.CALL)).isInstanceOf(IOException.class)
                    .hasMessage("no space left on device (injected)");
            assertThat(text()).isEqualTo(LogSamples.USER_LINE + "\n");

            channel.get().writesBeforeFailure = Integer.MAX_VALUE;
            writer.append(LogSamples.ANSWER);
        }
        assertThat(new SessionLogReader(file()).read(0).records()).containsExactly(LogSamples.USER, LogSamples.ANSWER);
    }

    @Test
    void aFailedFlushIsUndoneSinceTheRecordWasNeverAcknowledged() throws IOException {
        AtomicReference<FailingChannel> channel = new AtomicReference<>();
        try (SessionLogWriter writer = open(channel)) {
            writer.append(LogSamples.USER);
            channel.get().forcesBeforeFailure = 0;
            channel.get().once = true;
            assertThatThrownBy(() -> writer.append(LogSamples.CALL)).hasMessage("input/output error (injected)");
            assertThat(text()).isEqualTo(LogSamples.USER_LINE + "\n");
            writer.append(LogSamples.ANSWER);
        }
        assertThat(text()).isEqualTo(LogSamples.USER_LINE + "\n" + LogSamples.ANSWER_LINE + "\n");
    }

    @Test
    void aFlushThatKeepsFailingStopsTheWriter() throws IOException {
        AtomicReference<FailingChannel> channel = new AtomicReference<>();
        try (SessionLogWriter writer = open(channel)) {
            writer.append(LogSamples.USER);
            channel.get().forcesBeforeFailure = 0;
            assertThatThrownBy(() -> writer.append(LogSamples.CALL)).hasMessage("input/output error (injected)");
            assertThatThrownBy(() -> writer.append(LogSamples.ANSWER)).hasMessageStartingWith("a write to the session log ");
        }
        assertThat(new SessionLogReader(file()).read(0).records()).containsExactly(LogSamples.USER);
    }

    @Test
    void whenTheUndoFailsTooTheWriterStopsAndReopeningRepairs() throws IOException {
        AtomicReference<FailingChannel> channel = new AtomicReference<>();
        try (SessionLogWriter writer = open(channel)) {
            writer.append(LogSamples.USER);
            channel.get().writesBeforeFailure = 0;
            channel.get().bytesWrittenByFailingWrite = 25;
            channel.get().failTruncate = true;
            assertThatThrownBy(() -> writer.append(LogSamples.CALL)).hasMessage("no space left on device (injected)");

            channel.get().writesBeforeFailure = Integer.MAX_VALUE;
            assertThatThrownBy(() -> writer.append(LogSamples.ANSWER)).isInstanceOf(IOException.class)
                    .hasMessage("a write to the session log " + file().toAbsolutePath() + " failed and could not be undone; "
                            + "nothing more is written through this writer; open the log again, which drops the unfinished line");
            assertThat(new SessionLogReader(file()).read(0).records()).as("the half line is skipped").containsExactly(LogSamples.USER);
        }
        try (SessionLogWriter writer = SessionLogWriter.open(file())) {
            writer.append(LogSamples.ANSWER);
        }
        assertThat(text()).isEqualTo(LogSamples.USER_LINE + "\n" + LogSamples.ANSWER_LINE + "\n");
    }

    @Test
    void everyFailurePointLeavesOnlyWholeAcknowledgedLines() throws IOException {
        for (int failAt = 0; failAt < 4; failAt++) {
            Files.deleteIfExists(file());
            AtomicReference<FailingChannel> channel = new AtomicReference<>();
            int acknowledged = 0;
            try (SessionLogWriter writer = open(channel)) {
                channel.get().writesBeforeFailure = failAt;
                channel.get().bytesWrittenByFailingWrite = 10;
                for (LogRecord record : LogSamples.TURN) {
                    try {
                        writer.append(record);
                        acknowledged++;
                    } catch (IOException expected) {
                        // Every write after the Nth fails too.
                    }
                }
            }
            assertThat(acknowledged).isEqualTo(failAt);
            assertThat(new SessionLogReader(file()).read(0).records())
                    .containsExactlyElementsOf(LogSamples.TURN.subList(0, failAt));
            assertThat(text()).isEqualTo(String.join("", LogSamples.TURN_LINES.subList(0, failAt).stream()
                    .map(line -> line + "\n").toList()));
        }
    }
}
