package dev.boxmaker.proto.log;

import dev.boxmaker.proto.SessionId;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.OpenOption;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

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

    /** Refuses {@code path} when it is a symbolic link: nothing under {@code sessions/} is followed. */
    public static void refuseLink(Path path) throws LinkRefusedException {
        if (Files.isSymbolicLink(path)) {
            throw new LinkRefusedException(path);
        }
    }

    /**
     * Opens a file in a session's folder without following a link: the folder is refused when it is
     * a symbolic link, and the file is opened with {@link LinkOption#NOFOLLOW_LINKS}, so a link put
     * in its place is refused too ({@link LinkRefusedException}), not followed out of the home.
     */
    public static FileChannel open(Path file, OpenOption... options) throws IOException {
        refuseLink(file.getParent());
        refuseLink(file);
        Set<OpenOption> all = new HashSet<>(List.of(options));
        all.add(LinkOption.NOFOLLOW_LINKS);
        try {
            return FileChannel.open(file, all);
        } catch (IOException e) {
            // A link made between the check and the open: O_NOFOLLOW failed it (ELOOP).
            if (Files.isSymbolicLink(file)) {
                throw new LinkRefusedException(file);
            }
            throw e;
        }
    }

    /** {@code {home}/sessions/<id>/0.jsonl}. */
    public static Path file(Path home, SessionId session) {
        return dir(home, session).resolve(LOG_FILE);
    }
}
