package dev.boxmaker.bench;

import dev.boxmaker.memoryd.honcho.ledger.HonchoLedger;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.channels.SocketChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * memoryd's start-up, from the process's launch to its owner socket answering, on four homes,
 * interleaved: without {@code [honcho]}; with it and no ledger; with it and a ledger of LINES lines
 * (default 1,000,000) and its checkpoint; the same ledger with its checkpoint deleted before each
 * start. Honcho's URL is a closed loopback port: start-up makes no call to it. The first round warms
 * the homes (index, files, the checkpoint) and is not counted.
 * Usage: HonchoStartup MEMORYD_JAR DIR [LINES] [ROUNDS].
 */
public final class HonchoStartup {
    static final long ANSWER_WAIT_MILLIS = 60_000;
    static final long POLL_MILLIS = 5;

    private HonchoStartup() {
    }

    public static void main(String[] args) throws Exception {
        Path jar = Path.of(args[0]).toAbsolutePath();
        Path dir = Path.of(args[1]).toAbsolutePath();
        long lines = args.length > 2 ? Long.parseLong(args[2]) : 1_000_000;
        int rounds = args.length > 3 ? Integer.parseInt(args[3]) : 5;
        Map<String, Path> homes = new LinkedHashMap<>();
        homes.put("no [honcho]", home(dir.resolve("a"), false, 0));
        homes.put("[honcho], no ledger", home(dir.resolve("b"), true, 0));
        homes.put("[honcho], " + lines + " lines, checkpoint", home(dir.resolve("c"), true, lines));
        homes.put("[honcho], " + lines + " lines, no checkpoint", home(dir.resolve("d"), true, lines));
        Map<String, List<Long>> times = new LinkedHashMap<>();
        homes.keySet().forEach(k -> times.put(k, new ArrayList<>()));
        for (int round = 0; round <= rounds; round++) {
            for (Map.Entry<String, Path> home : homes.entrySet()) {
                if (home.getKey().endsWith("no checkpoint")) {
                    Files.deleteIfExists(home.getValue().resolve("memory").resolve(HonchoLedger.CHECKPOINT_NAME));
                }
                long ms = start(jar, home.getValue());
                if (round > 0) {
                    times.get(home.getKey()).add(ms);
                }
            }
        }
        for (Map.Entry<String, List<Long>> t : times.entrySet()) {
            List<Long> sorted = new ArrayList<>(t.getValue());
            sorted.sort(null);
            System.out.printf("%-45s median %,6d ms  (%s)%n", t.getKey(), sorted.get(sorted.size() / 2), t.getValue());
        }
    }

    private static Path home(Path home, boolean honcho, long lines) throws Exception {
        Files.createDirectories(home.resolve("memory"));
        Path config = home.resolve("memoryd.toml");
        String toml = "[paths]\nhome = \"" + home + "\"\n";
        if (honcho) {
            toml += "[honcho]\nurl = \"http://127.0.0.1:9\"\nagent = \"bx\"\nowner = \"kyle\"\ntrusted = \"bx-trusted\"\n"
                    + "untrusted = \"bx-untrusted\"\nfleet = \"fleet\"\n";
        }
        Files.writeString(config, toml);
        Path ledger = home.resolve("memory").resolve(HonchoLedger.FILE_NAME);
        if (lines > 0 && !Files.exists(ledger)) {
            LedgerStart.write(ledger, lines);
        }
        return home;
    }

    /** Milliseconds from launch to the owner socket answering; then SIGTERM and wait. */
    private static long start(Path jar, Path home) throws Exception {
        ProcessBuilder builder = new ProcessBuilder("java", "-XX:+UseSerialGC", "-jar", jar.toString(), "serve",
                "--config", home.resolve("memoryd.toml").toString())
                .redirectErrorStream(true).redirectOutput(home.resolve("memoryd.log").toFile());
        Path socket = home.resolve("run/owner-memory/admin.sock");
        long t0 = System.nanoTime();
        Process process = builder.start();
        try {
            while (!answers(socket)) {
                if (!process.isAlive() || System.nanoTime() - t0 > TimeUnit.MILLISECONDS.toNanos(ANSWER_WAIT_MILLIS)) {
                    throw new IllegalStateException("memoryd did not answer; see " + home.resolve("memoryd.log"));
                }
                Thread.sleep(POLL_MILLIS);
            }
            return TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - t0);
        } finally {
            process.destroy();
            process.waitFor();
        }
    }

    private static boolean answers(Path socket) {
        try (SocketChannel channel = SocketChannel.open(StandardProtocolFamily.UNIX)) {
            return channel.connect(UnixDomainSocketAddress.of(socket));
        } catch (java.io.IOException e) {
            return false;
        }
    }
}
