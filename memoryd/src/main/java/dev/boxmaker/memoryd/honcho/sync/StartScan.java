package dev.boxmaker.memoryd.honcho.sync;

import dev.boxmaker.proto.SessionId;
import dev.boxmaker.proto.log.SessionLogs;
import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * The sessions the start-up scan reads: every session under {@code sessions/} whose log was modified at
 * or after {@code since} (a log untouched since memoryd began to sync holds no turn to decide). A name
 * that is not a session id, and a log that is a link, are passed over.
 */
final class StartScan {
    private StartScan() {
    }

    static List<SessionId> sessions(Path home, Instant since) throws IOException {
        Path dir = home.resolve(SessionLogs.SESSIONS_DIR);
        List<SessionId> out = new ArrayList<>();
        if (!Files.isDirectory(dir, LinkOption.NOFOLLOW_LINKS)) {
            return out;
        }
        try (DirectoryStream<Path> sessions = Files.newDirectoryStream(dir)) {
            for (Path folder : sessions) {
                String name = folder.getFileName().toString();
                if (!SessionId.isValid(name)) {
                    continue;
                }
                Path log = SessionLogs.file(home, SessionId.of(name));
                if (Files.isRegularFile(log, LinkOption.NOFOLLOW_LINKS)
                        && !Files.getLastModifiedTime(log, LinkOption.NOFOLLOW_LINKS).toInstant().isBefore(since)) {
                    out.add(SessionId.of(name));
                }
            }
        }
        return out;
    }
}
