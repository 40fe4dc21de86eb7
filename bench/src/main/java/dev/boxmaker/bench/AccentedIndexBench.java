package dev.boxmaker.bench;

import dev.boxmaker.memoryd.index.MemoryIndex;
import dev.boxmaker.memoryd.threads.MemorydThreads;
import dev.boxmaker.proto.DataClass;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Random;

/**
 * The index built in this process (memoryd's catch-up) from chat records in accented Latin, against
 * the same records in ASCII. Usage: AccentedIndexBench DIR RECORDS. The two corpora (seeded, the
 * ASCII one as RecallBench's, the accented one the same with a quarter of its rare words' vowels
 * accented) are written under DIR once and kept; each index is built in a fresh directory. Printed:
 * the accented build while the tokenizer is still being calibrated (memoryd's cold start), then,
 * calibrated, the accented and the ASCII builds, in records/s.
 */
public final class AccentedIndexBench {
    private static final String[] ACCENTED = {"é", "è", "ê", "à", "â", "î", "ï", "ô", "û", "ù", "ü", "ö", "ä", "ñ", "É"};

    private AccentedIndexBench() {
    }

    public static void main(String[] args) throws Exception {
        Path dir = Path.of(args[0]);
        long records = Long.parseLong(args[1]);
        Path ascii = corpus(dir.resolve("ascii"), records, false);
        Path accented = corpus(dir.resolve("accented"), records, true);
        build("accented, cold start", accented, records);
        Thread.sleep(5_000);
        build("accented, calibrated", accented, records);
        build("ascii, calibrated", ascii, records);
        build("accented, calibrated", accented, records);
        build("ascii, calibrated", ascii, records);
    }

    static Path corpus(Path home, long records, boolean accented) throws Exception {
        if (!Files.isDirectory(home.resolve("sessions"))) {
            Files.createDirectories(home);
            ChatCorpus corpus = new ChatCorpus(RecallBench.SEED);
            if (accented) {
                Random random = new Random(RecallBench.SEED + 1);
                for (int i = 0; i < corpus.words.length; i++) {
                    corpus.words[i] = accent(corpus.words[i], random);
                }
            }
            corpus.write(home, records, RecallBench.SEED);
        }
        return home;
    }

    /** {@code word} with about a quarter of its vowels accented, and at least one. */
    static String accent(String word, Random random) {
        StringBuilder out = new StringBuilder();
        boolean any = false;
        for (int i = 0; i < word.length(); i++) {
            char c = word.charAt(i);
            boolean last = i == word.length() - 1;
            if ("aeiou".indexOf(c) >= 0 && (random.nextInt(4) == 0 || (last && !any))) {
                out.append(ACCENTED[random.nextInt(ACCENTED.length)]);
                any = true;
            } else {
                out.append(c);
            }
        }
        return any ? out.toString() : out.append('é').toString();
    }

    static void build(String what, Path home, long records) throws Exception {
        Path indexDir = home.resolve("index");
        CatchUpProbe.deleteTree(indexDir);
        MemoryIndex.Config config = new MemoryIndex.Config(home, indexDir, home.resolve("memory/notes.md"),
                DataClass.parse("private"));
        long t0 = System.nanoTime();
        try (MemoryIndex index = MemoryIndex.open(config, MemorydThreads.start())) {
            index.flush().get();
        }
        double s = (System.nanoTime() - t0) / 1e9;
        System.out.printf("%-22s %,d records in %.2f s: %,.0f records/s%n", what, records, s, records / s);
    }
}
