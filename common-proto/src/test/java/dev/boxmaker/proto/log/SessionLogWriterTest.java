package dev.boxmaker.proto.log;

import static dev.boxmaker.proto.log.LogSamples.TURN;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.boxmaker.proto.SessionId;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermissions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** home.md: one record a line, appended, on disk before append returns; folders 0700, the file 0600. */
class SessionLogWriterTest {
    private static final SessionId CHAT = SessionId.of("chat-20260920t140211-3f9a");

    @TempDir
    Path home;

    private Path file() {
        return home.resolve("sessions/chat-20260920t140211-3f9a/0.jsonl");
    }

    private String text() throws IOException {
        return Files.readString(file(), StandardCharsets.UTF_8);
    }

    @Test
    void writesHomeMdsTurnLineByLine() throws IOException {
        try (SessionLogWriter writer = SessionLogWriter.open(home, CHAT)) {
            assertThat(writer.file()).isEqualTo(file().toAbsolutePath());
            for (LogRecord record : TURN) {
                writer.append(record);
            }
        }
        assertThat(text()).isEqualTo(LogSamples.turnText());
        assertThat(new SessionLogReader(file()).read(0).records()).containsExactlyElementsOf(TURN);
    }

    @Test
    void eachRecordIsInTheFileWhenAppendReturns() throws IOException {
        try (SessionLogWriter writer = SessionLogWriter.open(home, CHAT)) {
            writer.append(LogSamples.USER);
            assertThat(text()).isEqualTo(LogSamples.USER_LINE + "\n");
            writer.append(LogSamples.ANSWER);
            assertThat(text()).isEqualTo(LogSamples.USER_LINE + "\n" + LogSamples.ANSWER_LINE + "\n");
        }
    }

    @Test
    void createsTheFoldersPrivateAndTheFileOwnerOnly() throws IOException {
        try (SessionLogWriter writer = SessionLogWriter.open(home, CHAT)) {
            writer.append(LogSamples.USER);
        }
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(home.resolve("sessions")))).isEqualTo("rwx------");
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(file().getParent()))).isEqualTo("rwx------");
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(file()))).isEqualTo("rw-------");
    }

    @Test
    void reopeningAppendsAfterWhatIsThere() throws IOException {
        try (SessionLogWriter writer = SessionLogWriter.open(home, CHAT)) {
            writer.append(LogSamples.USER);
        }
        try (SessionLogWriter writer = SessionLogWriter.open(home, CHAT)) {
            writer.append(LogSamples.ANSWER);
        }
        assertThat(text()).isEqualTo(LogSamples.USER_LINE + "\n" + LogSamples.ANSWER_LINE + "\n");
    }

    @Test
    void aSecondWriterIsRefusedUntilTheFirstCloses() throws IOException {
        try (SessionLogWriter writer = SessionLogWriter.open(home, CHAT)) {
            assertThatThrownBy(() -> SessionLogWriter.open(home, CHAT)).isInstanceOf(IOException.class)
                    .hasMessage("the session log " + file().toAbsolutePath()
                            + " is already open for writing; a session has one writer at a time");
            writer.append(LogSamples.USER);
        }
        try (SessionLogWriter writer = SessionLogWriter.open(home, CHAT)) {
            writer.append(LogSamples.ANSWER);
        }
        assertThat(new SessionLogReader(file()).read(0).records()).containsExactly(LogSamples.USER, LogSamples.ANSWER);
    }

    @Test
    void openingDropsAnUnfinishedLastLine() throws IOException {
        Files.createDirectories(file().getParent());
        String whole = LogSamples.USER_LINE + "\n" + LogSamples.CALL_LINE + "\n";
        Files.writeString(file(), whole + LogSamples.RESULT_LINE.substring(0, 30));
        try (SessionLogWriter writer = SessionLogWriter.open(home, CHAT)) {
            assertThat(text()).isEqualTo(whole);
            writer.append(LogSamples.RESULT);
        }
        assertThat(new SessionLogReader(file()).read(0).records())
                .containsExactly(LogSamples.USER, LogSamples.CALL, LogSamples.RESULT);
    }

    @Test
    void openingDropsALogThatIsOnlyAnUnfinishedLine() throws IOException {
        Files.createDirectories(file().getParent());
        Files.writeString(file(), "x".repeat(LineScanner.CHUNK_BYTES * 2 + 5));
        try (SessionLogWriter writer = SessionLogWriter.open(home, CHAT)) {
            assertThat(Files.size(file())).isZero();
            writer.append(LogSamples.USER);
        }
        assertThat(text()).isEqualTo(LogSamples.USER_LINE + "\n");
    }

    @Test
    void openingFindsTheLastNewlineAcrossChunks() throws IOException {
        Files.createDirectories(file().getParent());
        String whole = LogSamples.USER_LINE + "\n";
        Files.writeString(file(), whole + "{" + "y".repeat(LineScanner.CHUNK_BYTES * 3));
        try (SessionLogWriter writer = SessionLogWriter.open(home, CHAT)) {
            assertThat(text()).isEqualTo(whole);
        }
    }

    @Test
    void aRecordOverTheLineLimitIsRefusedAndNothingIsWritten() throws IOException {
        int limit = LogSamples.USER_LINE.getBytes(StandardCharsets.UTF_8).length;
        try (SessionLogWriter writer = SessionLogWriter.open(file(), limit)) {
            writer.append(LogSamples.USER);
            UserRecord longer = new UserRecord(LogSamples.USER.time(), 3, LogSamples.USER.content() + "!", "kyle");
            assertThatThrownBy(() -> writer.append(longer)).isInstanceOf(IllegalArgumentException.class)
                    .hasMessage("a record of " + (limit + 1) + " bytes is over the session log's limit of " + limit
                            + " bytes; nothing was written to " + file().toAbsolutePath());
        }
        assertThat(text()).isEqualTo(LogSamples.USER_LINE + "\n");
    }

    @Test
    void theWritersLimitIsTheReadersAndLeavesRoomPastAFrame() {
        assertThat(SessionLogReader.LINE_BYTES_MAX).isEqualTo(16 * 1024 * 1024 + 64 * 1024);
    }

    @Test
    void anExistingFileKeepsItsMode() throws IOException {
        Files.createDirectories(file().getParent());
        Files.writeString(file(), "", StandardOpenOption.CREATE);
        Files.setPosixFilePermissions(file(), PosixFilePermissions.fromString("rw-------"));
        try (SessionLogWriter writer = SessionLogWriter.open(file())) {
            writer.append(LogSamples.USER);
        }
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(file()))).isEqualTo("rw-------");
    }
}
