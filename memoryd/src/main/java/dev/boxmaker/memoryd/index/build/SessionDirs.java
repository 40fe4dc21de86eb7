package dev.boxmaker.memoryd.index.build;

import dev.boxmaker.memoryd.sentences.IndexSentences;
import dev.boxmaker.proto.SessionId;
import dev.boxmaker.proto.log.SessionLogs;
import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import org.jboss.logging.Logger;

/** The sessions under a home's {@code sessions/} that have a log, as a catch-up reads them. */
public final class SessionDirs {
    private static final Logger LOG = Logger.getLogger(SessionDirs.class);
    /** Links named in the log already, so a catch-up every turn does not name them again; bounded. */
    private static final Set<Path> LINKS_LOGGED = ConcurrentHashMap.newKeySet();
    private static final int LINKS_LOGGED_MAX = 1_024;

    private SessionDirs() {
    }

    /** The sessions under {@code home} that have a log, in order; a directory that cannot be read is named. */
    public static List<String> sessions(Path home) {
        TreeSet<String> out = new TreeSet<>();
        sessions(home, out, Integer.MAX_VALUE);
        return List.copyOf(out);
    }

    /**
     * Whether any session under {@code home} has a log: the first one found answers, so a start
     * over 5,000 sessions does not list them all twice (about 0.15 s before a build could begin).
     */
    public static boolean anySession(Path home) {
        TreeSet<String> out = new TreeSet<>();
        sessions(home, out, 1);
        return !out.isEmpty();
    }

    /**
     * Whether {@code path} is a symbolic link, which is never followed under sessions/: a linked
     * folder is a session indexed under a second name or outside the home, a linked log a file
     * outside it read as a session's. Each link is named in one log line, once while memoryd runs.
     */
    private static boolean refusedLink(Path path) {
        if (!Files.isSymbolicLink(path)) {
            return false;
        }
        if (LINKS_LOGGED.size() < LINKS_LOGGED_MAX && LINKS_LOGGED.add(path)) {
            LOG.warn(dev.boxmaker.proto.Sentences.linkRefused(path));
        }
        return true;
    }

    /** Adds to {@code out} the sessions under {@code home} that have a log, until it holds {@code most}. */
    private static void sessions(Path home, TreeSet<String> out, int most) {
        Path dir = home.resolve(SessionLogs.SESSIONS_DIR);
        if (!Files.isDirectory(dir)) {
            return;
        }
        try (DirectoryStream<Path> entries = Files.newDirectoryStream(dir)) {
            for (Path p : entries) {
                String name = p.getFileName().toString();
                Path log = p.resolve(SessionLogs.LOG_FILE);
                if (!SessionId.isValid(name) || refusedLink(p) || refusedLink(log)) {
                    continue;
                }
                if (Files.isRegularFile(log, LinkOption.NOFOLLOW_LINKS)) {
                    out.add(name);
                    if (out.size() >= most) {
                        return;
                    }
                }
            }
        } catch (IOException e) {
            LOG.warn(IndexSentences.sessionsUnreadable(dir, e.getMessage()));
        }
    }
}
