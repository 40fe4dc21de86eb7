package dev.boxmaker.bench;

import com.fasterxml.jackson.databind.ObjectWriter;
import dev.boxmaker.proto.DataClass;
import dev.boxmaker.proto.Json;
import dev.boxmaker.proto.log.AssistantRecord;
import dev.boxmaker.proto.log.LogRecord;
import dev.boxmaker.proto.log.ToolCall;
import dev.boxmaker.proto.log.ToolResultRecord;
import dev.boxmaker.proto.log.UserRecord;
import dev.boxmaker.proto.wire.msg.Outcome;
import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;

/**
 * A deterministic generator of chat-like session logs: common English words mixed with a Zipf
 * vocabulary of made-up words, seeded, so every run indexes the same texts. Also the question mix:
 * a few common words around one to three vocabulary words, as people ask.
 */
final class ChatCorpus {
    static final String[] COMMON = ("the a to and of i you it is that we for on in this be was with have "
            + "what do not are at can my me so but just about did when they there will if your how all "
            + "from get one like know an would up out time think were now been more no yes ok thanks "
            + "please could should see here some our make want go need said tell new work also after "
            + "then good use back look first well right day week today tomorrow last said").split(" ");
    static final int VOCABULARY = 50_000;
    static final double ZIPF_S = 1.0;
    static final int RECORDS_PER_SESSION = 200;
    static final Instant START = Instant.parse("2026-01-01T00:00:00Z");

    private static final String[] SYLLABLES = ("ka ri to mu sen vel dor an pi lo qua ze bri tan om "
            + "ul fe gro nis ta ve ko ru mi sa pe lin dra cos").split(" ");

    final String[] words = new String[VOCABULARY];
    private final double[] cumulative = new double[VOCABULARY];
    private final ObjectWriter writer = Json.MAPPER.writerFor(LogRecord.class);

    ChatCorpus(long seed) {
        Random random = new Random(seed);
        java.util.Set<String> seen = new java.util.HashSet<>(Arrays.asList(COMMON));
        for (int i = 0; i < VOCABULARY; ) {
            StringBuilder w = new StringBuilder();
            int n = 2 + random.nextInt(3);
            for (int s = 0; s < n; s++) {
                w.append(SYLLABLES[random.nextInt(SYLLABLES.length)]);
            }
            if (seen.add(w.toString())) {
                words[i++] = w.toString();
            }
        }
        double sum = 0;
        for (int i = 0; i < VOCABULARY; i++) {
            sum += 1.0 / Math.pow(i + 1, ZIPF_S);
            cumulative[i] = sum;
        }
        for (int i = 0; i < VOCABULARY; i++) {
            cumulative[i] /= sum;
        }
    }

    String zipf(Random random) {
        int i = Arrays.binarySearch(cumulative, random.nextDouble());
        return words[Math.min(VOCABULARY - 1, i < 0 ? -i - 1 : i)];
    }

    String common(Random random) {
        // Common words are Zipf-like among themselves too: the first ones far more often.
        int i = (int) Math.floor(Math.pow(COMMON.length + 1, random.nextDouble())) - 1;
        return COMMON[Math.min(i, COMMON.length - 1)];
    }

    String message(Random random) {
        int n = 4 + random.nextInt(37);
        StringBuilder out = new StringBuilder();
        for (int i = 0; i < n; i++) {
            if (i > 0) {
                out.append(random.nextInt(12) == 0 ? ", " : " ");
            }
            out.append(random.nextDouble() < 0.55 ? common(random) : zipf(random));
        }
        return out.append(random.nextInt(4) == 0 ? "?" : ".").toString();
    }

    /** Writes {@code records} records into {@code sessions} logs under {@code home}; returns the session ids. */
    List<String> write(Path home, long records, long seed) throws IOException {
        return write(home, records, seed, "mm-bench", 0);
    }

    /**
     * Writes {@code records} records into new logs named {@code prefix} and a number under {@code home},
     * their times following {@code before} records written earlier; returns the session ids.
     */
    List<String> write(Path home, long records, long seed, String prefix, long before) throws IOException {
        Random random = new Random(seed);
        List<String> sessions = new ArrayList<>();
        long written = 0;
        for (int s = 0; written < records; s++) {
            String id = prefix + s;
            sessions.add(id);
            Path dir = home.resolve("sessions").resolve(id);
            Files.createDirectories(dir);
            long n = Math.min(RECORDS_PER_SESSION, records - written);
            try (BufferedWriter out = Files.newBufferedWriter(dir.resolve("0.jsonl"), StandardCharsets.UTF_8)) {
                for (long r = 0; r < n; r++) {
                    Instant t = START.plusSeconds((before + written + r) * 30);
                    out.write(writer.writeValueAsString(record(random, t, r)));
                    out.write('\n');
                }
            }
            written += n;
        }
        return sessions;
    }

    private LogRecord record(Random random, Instant t, long r) {
        long turn = r / 4;
        int kind = random.nextInt(10);
        if (kind < 4) {
            return new UserRecord(t, turn, message(random), null);
        }
        if (kind < 8) {
            return new AssistantRecord(t, turn, message(random), "reasoning is never indexed", List.of());
        }
        if (kind < 9) {
            String args = "{\"path\":\"/srv/" + zipf(random) + "/" + zipf(random) + ".txt\"}";
            return new AssistantRecord(t, turn, null, null, List.of(new ToolCall("call_" + r, "read_file", args)));
        }
        return new ToolResultRecord(t, turn, "call_" + r, "read_file", Outcome.OK, message(random), DataClass.PRIVATE,
                random.nextInt(20) == 0);
    }

    /** The question mix: two to five common words around one to three vocabulary words. */
    String question(Random random) {
        List<String> parts = new ArrayList<>();
        int commons = 2 + random.nextInt(4);
        for (int i = 0; i < commons; i++) {
            parts.add(common(random));
        }
        int rare = 1 + random.nextInt(3);
        for (int i = 0; i < rare; i++) {
            parts.add(random.nextInt(parts.size() + 1), zipf(random));
        }
        return String.join(" ", parts) + "?";
    }
}
