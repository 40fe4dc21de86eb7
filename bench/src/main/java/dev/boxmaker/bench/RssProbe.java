package dev.boxmaker.bench;

import dev.boxmaker.proto.client.SocketClient;
import dev.boxmaker.proto.wire.msg.Reindex;
import dev.boxmaker.proto.wire.msg.Reindexed;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * memoryd's resident size through what RecallBench makes it do (a build at start, recalls, a
 * reindex) without the in-process comparisons: for work on its memory. Usage: RssProbe MEMORYD_JAR
 * HOME RECORDS, HOME holding a corpus (CatchUpProbe's); its index is deleted first.
 */
public final class RssProbe {
    private RssProbe() {
    }

    public static void main(String[] args) throws Exception {
        Path home = Path.of(args[1]);
        long records = Long.parseLong(args[2]);
        Path indexDir = home.resolve("index");
        CatchUpProbe.deleteTree(indexDir);
        long started = System.nanoTime();
        Process memoryd = RecallBench.startMemoryd(Path.of(args[0]), home);
        try {
            long caughtUp = RecallBench.waitForCatchUp(indexDir.resolve("memory.sqlite3"), records, memoryd);
            System.out.printf("catch-up: %.1f s; memoryd %s%n", (caughtUp - started) / 1e9, RecallBench.rss(memoryd.pid()));
            ChatCorpus corpus = new ChatCorpus(RecallBench.SEED);
            Random random = new Random(RecallBench.SEED + 1);
            List<String> questions = new ArrayList<>();
            for (int i = 0; i < 400; i++) {
                questions.add(corpus.question(random));
            }
            RecallBench.overSocket(home.resolve("run/broker-memory/memory.sock"), questions.subList(200, 400));
            System.out.println(Stats.header());
            System.out.println(RecallBench.overSocket(home.resolve("run/broker-memory/memory.sock"), questions.subList(0, 200)).row());
            System.out.println("after recalls: memoryd " + RecallBench.rss(memoryd.pid()));
            long r0 = System.nanoTime();
            Reindexed r = (Reindexed) SocketClient.call(home.resolve("run/owner-memory/admin.sock"), new Reindex(),
                    RecallBench.WAIT, RecallBench.WAIT, "bench");
            System.out.printf("reindex: %.1f s (%,d records); memoryd %s%n", (System.nanoTime() - r0) / 1e9, r.records(),
                    RecallBench.rss(memoryd.pid()));
            if (System.getenv("RSS_NMT") != null) {
                new ProcessBuilder("jcmd", Long.toString(memoryd.pid()), "VM.native_memory", "summary").inheritIO().start().waitFor();
            }
        } finally {
            memoryd.destroy();
            memoryd.waitFor();
        }
    }
}
