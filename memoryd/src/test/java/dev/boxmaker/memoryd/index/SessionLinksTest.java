package dev.boxmaker.memoryd.index;

import dev.boxmaker.memoryd.index.build.SessionDirs;
import static dev.boxmaker.memoryd.index.Logs.append;
import static dev.boxmaker.memoryd.index.Logs.user;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.logging.Handler;
import java.util.logging.Logger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 27, item 4: memoryd follows no symbolic link under sessions/. A folder linked to another
 * session is not indexed under a second name; a log linked to a file outside the home is not read.
 */
class SessionLinksTest {
    static final String A = "mm-aaaaaaaaaaaa";

    @TempDir
    Path home;
    @TempDir
    Path outside;

    @Test
    void aLinkedSessionFolderAndALinkedLogAreNeitherListedNorIndexedAndEachIsNamedOnce() throws Exception {
        append(home, A, user("the launch window is thursday", null));
        Path sessions = home.resolve("sessions");
        Path twin = Files.createSymbolicLink(sessions.resolve("chat-twin"), sessions.resolve(A));
        append(outside, "chat-out", user("a secret from outside the home", null));
        Files.createDirectory(sessions.resolve("chat-linkedlog"));
        Path linkedLog = Files.createSymbolicLink(sessions.resolve("chat-linkedlog/0.jsonl"),
                outside.resolve("sessions/chat-out/0.jsonl"));
        List<String> lines = new CopyOnWriteArrayList<>();
        Handler capture = CatchUpTest.capture(lines);
        Logger logger = Logger.getLogger(SessionDirs.class.getName());
        logger.addHandler(capture);
        try {
            assertThat(SessionDirs.sessions(home)).containsExactly(A);
            try (MemoryIndex index = TestIndexes.open(home)) {
                index.flush().get();
                assertThat(Rows.texts(index)).containsExactly("the launch window is thursday");
            }
            assertThat(SessionDirs.sessions(home)).containsExactly(A);
        } finally {
            logger.removeHandler(capture);
        }
        assertThat(lines).containsExactlyInAnyOrder(
                "refused " + twin + ": it is a symbolic link, and nothing under sessions/ is followed;"
                        + " a session's folder and files must be its own",
                "refused " + linkedLog + ": it is a symbolic link, and nothing under sessions/ is followed;"
                        + " a session's folder and files must be its own");
    }
}
