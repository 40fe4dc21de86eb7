package dev.boxmaker.bench;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * recall at scale through the packaged brokerd, two builds against each other in ABBA blocks: for
 * comparing a change on the recall path over the sockets. Usage: RecallLaunches HOME RECORDS ROOT_A
 * ROOT_B BLOCKS [QUESTIONS [WARM_UP]]. Each ROOT is a checkout with memoryd and brokerd packaged
 * ({@code target/quarkus-app}). The first run writes under HOME/a and HOME/b the recall bench's corpus
 * of RECORDS records and has each build's memoryd index its own (the index's layout may differ between
 * builds, and a build rebuilds a file of another layout), kept for the runs after it. Each launch starts the two
 * daemons of one build on that home, as a deployment starts them, asks WARM_UP warm-up questions
 * ({@link RecallBench}'s 1,000 by default; brokerd's JIT still compiles after them) through brokerd, then its QUESTIONS measured ones (500 by default) through brokerd's loop
 * socket, then as many others to memoryd's broker socket directly, and prints their p50/p99.
 */
public final class RecallLaunches {
    /** brokerd's JVM flags, as bin/boxmaker-run starts it. */
    static final List<String> BROKERD_JAVA_OPTS = List.of("-XX:+UseSerialGC", "-Xss512k", "-XX:TieredStopAtLevel=1",
            "-Xmx256m");
    private static final String MEMORYD_JAR = "memoryd/target/quarkus-app/quarkus-run.jar";
    private static final String BROKERD_JAR = "brokerd/target/quarkus-app/quarkus-run.jar";

    private RecallLaunches() {
    }

    public static void main(String[] args) throws Exception {
        Path home = Path.of(args[0]);
        long records = Long.parseLong(args[1]);
        List<Path> roots = List.of(Path.of(args[2]), Path.of(args[3]));
        int blocks = Integer.parseInt(args[4]);
        int count = args.length > 5 ? Integer.parseInt(args[5]) : 500;
        int warmUps = args.length > 6 ? Integer.parseInt(args[6]) : RecallBench.WARM_UP_QUESTIONS;
        ChatCorpus corpus = new ChatCorpus(RecallBench.SEED);
        // A home a build: each build's index in its own layout, so no launch rebuilds the other's file.
        List<Path> homes = List.of(home.resolve("a"), home.resolve("b"));
        for (int i = 0; i < 2; i++) {
            prepare(homes.get(i), roots.get(i), records, corpus);
        }
        Random random = new Random(RecallBench.SEED + 1);
        List<String> questions = questions(corpus, random, 2 * count);
        List<String> warmUp = questions(corpus, random, warmUps);
        double[][] sums = new double[2][4];
        int[] launches = new int[2];
        for (int b = 0; b < blocks; b++) {
            int[] order = b % 2 == 0 ? new int[] {0, 1, 1, 0} : new int[] {1, 0, 0, 1};
            System.out.printf("block %d (load average %s):%n", b + 1, loadAverage());
            for (int which : order) {
                Stats[] two = launch(roots.get(which), homes.get(which), records, warmUp, questions);
                System.out.printf("  %s through brokerd %.2f / %.2f ms, to memoryd %.2f / %.2f ms (p50 / p99)%n",
                        which == 0 ? "A" : "B", two[0].p50Micros() / 1e3, two[0].p99Micros() / 1e3,
                        two[1].p50Micros() / 1e3, two[1].p99Micros() / 1e3);
                double[] s = sums[which];
                s[0] += two[0].p50Micros() / 1e3;
                s[1] += two[0].p99Micros() / 1e3;
                s[2] += two[1].p50Micros() / 1e3;
                s[3] += two[1].p99Micros() / 1e3;
                launches[which]++;
            }
        }
        System.out.printf("load average at the end: %s%n", loadAverage());
        String[] names = {"through brokerd p50", "through brokerd p99", "to memoryd p50", "to memoryd p99"};
        for (int i = 0; i < names.length; i++) {
            double a = sums[0][i] / launches[0];
            double b = sums[1][i] / launches[1];
            System.out.printf("mean %s: A %.2f ms, B %.2f ms, B - A %+.2f ms (%+.1f %%)%n", names[i], a, b, b - a,
                    100 * (b - a) / a);
        }
    }

    /** Writes the corpus under {@code home} and has {@code root}'s memoryd index it, once. */
    private static void prepare(Path home, Path root, long records, ChatCorpus corpus) throws Exception {
        Path index = home.resolve("index/memory.sqlite3");
        if (Files.exists(index)) {
            return;
        }
        Files.createDirectories(home);
        corpus.write(home, records, RecallBench.SEED);
        new ProcessBuilder("sync").inheritIO().start().waitFor();
        Process memoryd = RecallBench.startMemoryd(root.resolve(MEMORYD_JAR), home);
        RecallBench.awaitProgress(index, records, memoryd);
        memoryd.destroy();
        memoryd.waitFor();
    }

    private static List<String> questions(ChatCorpus corpus, Random random, int count) {
        List<String> out = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            out.add(corpus.question(random));
        }
        return out;
    }

    /**
     * One build's memoryd and brokerd started on {@code home}, the warm-up asked through brokerd, then
     * the first half of {@code questions} through brokerd and the second half to memoryd; both stopped.
     */
    private static Stats[] launch(Path root, Path home, long records, List<String> warmUp, List<String> questions)
            throws Exception {
        Process memoryd = RecallBench.startMemoryd(root.resolve(MEMORYD_JAR), home);
        Process brokerd = null;
        try {
            RecallBench.awaitProgress(home.resolve("index/memory.sqlite3"), records, memoryd);
            Path memorySocket = home.resolve("run/broker-memory/memory.sock");
            new DaemonUnderTest(home, memoryd).awaitAnswer(memorySocket);
            brokerd = startBrokerd(root.resolve(BROKERD_JAR), home);
            Path brokerSocket = home.resolve("run/loop-broker/broker.sock");
            new DaemonUnderTest(home, brokerd).awaitAnswer(brokerSocket);
            RecallBench.overSocket(brokerSocket, warmUp, call -> call.request());
            int half = questions.size() / 2;
            Stats through = RecallBench.overSocket(brokerSocket, questions.subList(0, half), call -> call.request());
            Stats direct = RecallBench.overSocket(memorySocket, questions.subList(half, questions.size()), call -> call);
            return new Stats[] {through, direct};
        } finally {
            if (brokerd != null) {
                brokerd.destroy();
                brokerd.waitFor();
            }
            memoryd.destroy();
            memoryd.waitFor();
        }
    }

    private static Process startBrokerd(Path jar, Path home) throws java.io.IOException {
        List<String> command = new ArrayList<>(List.of("java"));
        command.addAll(BROKERD_JAVA_OPTS);
        command.addAll(List.of("-jar", jar.toString(), "serve"));
        ProcessBuilder builder = new ProcessBuilder(command)
                .redirectErrorStream(true).redirectOutput(home.resolve("brokerd.log").toFile());
        builder.environment().put("BOXMAKER_HOME", home.toString());
        return builder.start();
    }

    private static String loadAverage() throws java.io.IOException {
        String[] parts = Files.readString(Path.of("/proc/loadavg")).split(" ");
        return parts[0] + " " + parts[1] + " " + parts[2];
    }
}
