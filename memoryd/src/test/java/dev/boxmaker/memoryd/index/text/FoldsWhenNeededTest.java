package dev.boxmaker.memoryd.index.text;

import dev.boxmaker.memoryd.index.MemoryIndex;
import static dev.boxmaker.memoryd.index.Logs.append;
import static dev.boxmaker.memoryd.index.Logs.user;
import static org.assertj.core.api.Assertions.assertThat;

import dev.boxmaker.memoryd.threads.MemorydThreads;
import dev.boxmaker.proto.DataClass;
import dev.boxmaker.proto.SessionId;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The folds (1.3 s of CPU) are measured only once a text that is not plain is met, so a home of
 * ASCII never pays for them. In a child JVM: the measures are once per process.
 */
class FoldsWhenNeededTest {
    @TempDir
    Path home;

    @Test
    void anAsciiHomeMeasuresNoFoldsAndTheFirstAccentedTextStartsThem() throws Exception {
        append(home, "mm-aaaaascii", user("the launch window moved to Thursday", null));
        Path out = home.resolve("child.out");
        Process child = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", System.getProperty("java.class.path"), Child.class.getName(), home.toString())
                .redirectErrorStream(true).redirectOutput(out.toFile()).start();
        assertThat(child.waitFor(120, TimeUnit.SECONDS)).as("the child ended").isTrue();
        assertThat(Files.readString(out, StandardCharsets.UTF_8))
                .contains("separators measured; folds after ASCII: none\n")
                .contains("folds after an accented text: measured\n");
    }

    /** The child: opens the home's index as memoryd does, then adds an accented record. */
    public static final class Child {
        public static void main(String[] args) throws Exception {
            Path home = Path.of(args[0]);
            Files.createDirectories(home.resolve("memory"));
            MemorydThreads threads = MemorydThreads.start();
            try (MemoryIndex index = MemoryIndex.open(new MemoryIndex.Config(home, home.resolve("index"),
                    home.resolve("memory/notes.md"), DataClass.PRIVATE), threads)) {
                index.flush().get();
                for (int i = 0; i < 600 && Tokens.known().isEmpty(); i++) {
                    Thread.sleep(100);
                }
                // The start's calibration has ended (the measures' one thread ran what was queued after
                // it): folds it measured would be there.
                threads.calibrate().submit(() -> { }).get(60, TimeUnit.SECONDS);
                System.out.println((Tokens.known().isEmpty() ? "no separators" : "separators measured")
                        + "; folds after ASCII: " + (Tokens.folds() == null ? "none" : "measured"));
                append(home, "mm-bbbbaccented", user("la réunion de jeudi est prévue à l'été", null));
                index.sessionUpdated(SessionId.of("mm-bbbbaccented")).get();
                for (int i = 0; i < 600 && Tokens.folds() == null; i++) {
                    Thread.sleep(100);
                }
                System.out.println("folds after an accented text: " + (Tokens.folds() == null ? "none" : "measured"));
            }
            System.exit(0);
        }
    }
}
