package dev.boxmaker.proto.log;

import dev.boxmaker.proto.SessionId;
import java.nio.file.Path;

/** Where session logs live under {@code {home}} (home.md): {@code sessions/<id>/0.jsonl}. */
public final class SessionLogs {
    /** The folder under {@code {home}} that holds one folder per session. */
    public static final String SESSIONS_DIR = "sessions";

    /** The log of epoch 0, the only epoch for now. */
    public static final String LOG_FILE = "0.jsonl";

    private SessionLogs() {
    }

    /** {@code {home}/sessions/<id>}; the id is already checked, so it cannot leave that folder. */
    public static Path dir(Path home, SessionId session) {
        return home.resolve(SESSIONS_DIR).resolve(session.value());
    }

    /** {@code {home}/sessions/<id>/0.jsonl}. */
    public static Path file(Path home, SessionId session) {
        return dir(home, session).resolve(LOG_FILE);
    }
}
