package dev.boxmaker.proto.log;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.boxmaker.proto.SessionId;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Issue 27, item 4: a session's log is never opened through a symbolic link, to read or to write. */
class SessionLinksTest {
    static final String OUTSIDE_LINE = "{\"type\":\"user\",\"time\":\"2026-09-20T14:02:11Z\",\"turn\":1,"
            + "\"content\":\"outside\",\"speaker\":null}\n";

    @TempDir
    Path home;
    @TempDir
    Path outside;

    static String refusal(Path path) {
        return "refused " + path + ": it is a symbolic link, and nothing under sessions/ is followed;"
                + " a session's folder and files must be its own";
    }

    @Test
    void aLogThatIsALinkIsRefusedToTheReaderAndTheWriterAndTheFileOutsideIsUnchanged() throws Exception {
        Path target = Files.writeString(outside.resolve("shadow"), OUTSIDE_LINE);
        Path log = SessionLogs.file(home, SessionId.of("chat-1"));
        Files.createDirectories(log.getParent());
        Files.createSymbolicLink(log, target);

        assertThatThrownBy(() -> new SessionLogReader(log).read(0L))
                .isInstanceOf(LinkRefusedException.class).hasMessage(refusal(log));
        assertThatThrownBy(() -> SessionLogWriter.open(home, SessionId.of("chat-1")))
                .isInstanceOf(LinkRefusedException.class).hasMessage(refusal(log));
        assertThat(Files.readString(target, StandardCharsets.UTF_8)).isEqualTo(OUTSIDE_LINE);
    }

    @Test
    void aSessionFolderThatIsALinkIsRefusedAndNothingIsWrittenWhereItPoints() throws Exception {
        Files.writeString(outside.resolve("0.jsonl"), OUTSIDE_LINE);
        Path dir = SessionLogs.dir(home, SessionId.of("chat-1"));
        Files.createDirectories(dir.getParent());
        Files.createSymbolicLink(dir, outside);

        assertThatThrownBy(() -> new SessionLogReader(SessionLogs.file(home, SessionId.of("chat-1"))).read(0L))
                .isInstanceOf(LinkRefusedException.class).hasMessage(refusal(dir));
        assertThatThrownBy(() -> SessionLogWriter.open(home, SessionId.of("chat-1")))
                .isInstanceOf(LinkRefusedException.class).hasMessage(refusal(dir));
        assertThat(Files.readString(outside.resolve("0.jsonl"), StandardCharsets.UTF_8)).isEqualTo(OUTSIDE_LINE);
    }

    @Test
    void aRealSessionIsWrittenAndReadAsBefore() throws Exception {
        try (SessionLogWriter writer = SessionLogWriter.open(home, SessionId.of("chat-1"))) {
            writer.append(new UserRecord(Instant.parse("2026-09-20T14:02:11Z"), 1, "inside", null));
        }
        assertThat(new SessionLogReader(SessionLogs.file(home, SessionId.of("chat-1"))).read(0L).records())
                .containsExactly(new UserRecord(Instant.parse("2026-09-20T14:02:11Z"), 1, "inside", null));
    }
}
