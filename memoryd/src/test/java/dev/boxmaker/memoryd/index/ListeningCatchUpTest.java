package dev.boxmaker.memoryd.index;

import static dev.boxmaker.memoryd.index.Logs.append;
import static dev.boxmaker.memoryd.index.Logs.said;
import static dev.boxmaker.memoryd.index.Logs.user;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * memoryd's start catches every log up before its sockets listen; a turn that ends in between has its
 * {@code session_updated} refused (nothing listens), so the sockets' opening reads every log once more.
 */
class ListeningCatchUpTest {
    static final String A = "mm-aaaaaaaaaaaa";
    static final String B = "chat-1789bbbbbb";

    @TempDir
    Path home;

    @Test
    void aTurnThatEndedBeforeTheSocketsListenedIsFoundOnceTheyDo() throws Exception {
        append(home, A, user("first words", null));
        try (MemoryIndex index = TestIndexes.open(home)) {
            index.flush().get();
            // Written after the start's catch-up read the log, with no session_updated taken for it.
            append(home, A, said("second words"));
            append(home, B, user("a session begun meanwhile", "kyle"));
            index.flush().get();
            assertThat(Rows.texts(index)).containsExactly("first words");

            index.listening().get();
            assertThat(Rows.texts(index)).containsExactlyInAnyOrder("first words", "second words",
                    "a session begun meanwhile");
            index.listening().get();
            assertThat(Rows.texts(index)).hasSize(3);
        }
    }
}
