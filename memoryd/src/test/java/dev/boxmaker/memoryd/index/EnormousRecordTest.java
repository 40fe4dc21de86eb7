package dev.boxmaker.memoryd.index;

import dev.boxmaker.memoryd.index.text.ScratchTokenizer;
import dev.boxmaker.memoryd.index.text.Tokens;
import static dev.boxmaker.memoryd.index.Logs.append;
import static dev.boxmaker.memoryd.index.Logs.user;
import static org.assertj.core.api.Assertions.assertThat;

import dev.boxmaker.memoryd.threads.MemorydThreads;
import dev.boxmaker.proto.DataClass;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A log of one enormous record (a line near the reader's limit) in text FTS5 must split itself (not
 * plain ASCII), read by an index in memoryd's own heap ({@code -Xmx104m}, the systemd unit's): the
 * index is built, that record and the next log's with it.
 */
class EnormousRecordTest {
    @TempDir
    Path home;

    @Test
    void aLogOfOneEnormousAccentedRecordIsIndexedInMemorydsHeap() throws Exception {
        assertThat(runChild(6_000_000, "-Xmx104m")).contains("rows: mm-aaaaenormous zéphyr, mm-zzzzafter Thursday")
                .contains(KEPT);
    }

    /**
     * A 9 MB accented record split by the measured folds (calibrated before the index opens), not by
     * FTS5: a string a token, not each term held once, ran this heap out.
     */
    @Test
    void anEnormousAccentedRecordSplitByTheFoldsIsIndexedInMemorydsHeap() throws Exception {
        assertThat(runChild(9_000_000, "-Xmx104m", "calibrated")).contains("rows: mm-aaaaenormous zéphyr, mm-zzzzafter Thursday")
                .contains("folds: measured");
    }

    /**
     * A record near the log's 16 MiB line limit, accented: SQLite's driver holding its text several
     * times over ran memoryd's heap out. Its first mebibyte is indexed, with one log line.
     */
    @Test
    void aRecordNearTheLineLimitIsIndexedUpToItsFirstMebibyteInMemorydsHeap() throws Exception {
        String out = runChild(13_000_000, "-Xmx104m");
        assertThat(out).contains("rows: mm-aaaaenormous zéphyr, mm-zzzzafter Thursday").contains(KEPT)
                .contains("the index keeps the first 1,048,576 bytes of record 0 of session mm-aaaaenormous, which is ");
        assertThat(out.split("the index keeps the first", -1)).as("one log line for the record").hasSize(2);
    }

    /** What the child prints of the longest text in the index: within the bound. */
    private static final String KEPT = "longest: within 1,048,576 bytes";

    /** Runs {@link Child} on a home of a {@code chars}-long accented record and a short one; its output. */
    private String runChild(int chars, String heap, String... calibrated) throws Exception {
        String[] words = {"été", "déjà", "très", "où", "à", "fenêtre", "lancement", "réunion", "jeudi", "prévu"};
        StringBuilder text = new StringBuilder();
        Random random = new Random(5);
        while (text.length() < chars) {
            text.append(words[random.nextInt(words.length)]).append(' ');
        }
        text.insert(0, "zéphyr ");
        append(home, "mm-aaaaenormous", user(text.toString(), null));
        append(home, "mm-zzzzafter", user("the launch window moved to Thursday", null));
        Path out = home.resolve("child.out");
        Process child = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-XX:+UseSerialGC", heap, "-cp", System.getProperty("java.class.path"),
                Child.class.getName(), home.toString(), calibrated.length > 0 ? calibrated[0] : "")
                .redirectErrorStream(true).redirectOutput(out.toFile()).start();
        assertThat(child.waitFor(120, TimeUnit.SECONDS)).as("the child ended").isTrue();
        return Files.readString(out, StandardCharsets.UTF_8);
    }

    /** The child: opens the home's index as memoryd does, waits for its build, prints what it holds. */
    public static final class Child {
        public static void main(String[] args) throws Exception {
            Path home = Path.of(args[0]);
            Files.createDirectories(home.resolve("memory"));
            if (args[1].equals("calibrated")) {
                Tokens.calibrate(ScratchTokenizer.shared());
                System.out.println("folds: " + (Tokens.folds() == null ? "none" : "measured"));
            }
            try (MemoryIndex index = MemoryIndex.open(new MemoryIndex.Config(home, home.resolve("index"),
                    home.resolve("memory/notes.md"), DataClass.PRIVATE), MemorydThreads.start())) {
                index.flush().get();
                List<String> rows = index.read(c -> {
                    List<String> found = new java.util.ArrayList<>();
                    try (var rs = c.createStatement().executeQuery("SELECT s.session, CASE WHEN s.session LIKE '%after'"
                            + " THEN 'Thursday' ELSE substr(h.text, 1, 6) END FROM sources s"
                            + " JOIN hits h ON h.rowid = s.rowid WHERE hits MATCH 'zephyr OR thursday' ORDER BY s.session")) {
                        while (rs.next()) {
                            found.add(rs.getString(1) + " " + rs.getString(2));
                        }
                    }
                    try (var rs = c.createStatement().executeQuery("SELECT max(length(CAST(text AS BLOB))) FROM hits")) {
                        rs.next();
                        System.out.println("longest: " + (rs.getLong(1) <= 1024 * 1024 ? "within" : "past")
                                + " 1,048,576 bytes");
                    }
                    return found;
                });
                System.out.println("rows: " + String.join(", ", rows));
            }
            System.exit(0);
        }
    }
}
