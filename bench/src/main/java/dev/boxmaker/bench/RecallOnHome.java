package dev.boxmaker.bench;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * recall over the socket against a memoryd already running on a home {@link RecallBench} made, with
 * the bench's question mix (a warm-up set, then the measured set): for looking at the socket path
 * without building a corpus. Usage: RecallOnHome HOME [QUESTIONS].
 */
public final class RecallOnHome {
    private RecallOnHome() {
    }

    public static void main(String[] args) throws Exception {
        Path broker = Path.of(args[0]).resolve("run/broker-memory/memory.sock");
        int count = args.length > 1 ? Integer.parseInt(args[1]) : 200;
        ChatCorpus corpus = new ChatCorpus(RecallBench.SEED);
        Random random = new Random(RecallBench.SEED + 1);
        List<String> questions = new ArrayList<>();
        for (int i = 0; i < count + 200; i++) {
            questions.add(corpus.question(random));
        }
        RecallBench.overSocket(broker, questions.subList(count, count + 200));
        System.out.println(Stats.header());
        System.out.println(RecallBench.overSocket(broker, questions.subList(0, count)).row());
    }
}
