package dev.boxmaker.bench;

import dev.boxmaker.proto.log.LogPosition;
import dev.boxmaker.proto.log.SessionLogReader;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * The session-log line readers against each other (issue 34 item 6): each launch is a JVM of its own
 * with memoryd's options, choosing its reader by {@code -Dboxmaker.bench.log-lines}, on a corpus made
 * once and kept. A block runs the readers in an order and then in its reverse (ABBA), so the
 * machine's load falls on each alike. Two measures a launch kind: {@code catch-up}, the index's build
 * of RECORDS records as at memoryd's start ({@link CatchUpProbe}); {@code read}, every log read with
 * {@link SessionLogReader} alone, three passes in one JVM, the last timed.
 *
 * <p>Usage: LogLinesBench CORPUS_DIR RECORDS BLOCKS [catch-up|read] [readers, comma-separated].
 */
public final class LogLinesBench {
    private static final String JAVA_OPTS = "-XX:+UseSerialGC -Xmx104m -XX:TrimNativeHeapInterval=1000";

    private LogLinesBench() {
    }

    public static void main(String[] args) throws Exception {
        if (args[0].equals("--read-child")) {
            readChild(Path.of(args[1]));
            return;
        }
        Path home = Path.of(args[0]);
        long records = Long.parseLong(args[1]);
        int blocks = Integer.parseInt(args[2]);
        String kind = args.length > 3 ? args[3] : "catch-up";
        List<String> readers = List.of((args.length > 4 ? args[4] : "hand,streamed,databind,blackbird").split(","));
        if (!Files.isDirectory(home.resolve("sessions"))) {
            Files.createDirectories(home);
            new ChatCorpus(RecallBench.SEED).write(home, records, RecallBench.SEED);
        }
        System.out.println("load before: " + load());
        Map<String, List<double[]>> seconds = new HashMap<>();
        for (int b = 0; b < blocks; b++) {
            List<String> order = new ArrayList<>(readers);
            if (b % 2 == 1) {
                Collections.reverse(order);
            }
            List<String> abba = new ArrayList<>(order);
            Collections.reverse(order);
            abba.addAll(order);
            StringBuilder line = new StringBuilder("block " + (b + 1) + " (load " + load() + "):");
            for (String reader : abba) {
                double[] s = launch(home, records, kind, reader);
                seconds.computeIfAbsent(reader, r -> new ArrayList<>()).add(s);
                line.append(String.format(" %s %.2f s (reading thread %.2f s CPU, process %.2f s CPU);", reader, s[0],
                        s[1], s[2]));
            }
            System.out.println(line);
        }
        System.out.println("load after: " + load());
        for (String reader : readers) {
            double[] medians = new double[3];
            for (int m = 0; m < 3; m++) {
                int which = m;
                List<Double> all = new ArrayList<>(seconds.get(reader).stream().map(s -> s[which]).toList());
                Collections.sort(all);
                medians[m] = all.size() % 2 == 1 ? all.get(all.size() / 2)
                        : (all.get(all.size() / 2 - 1) + all.get(all.size() / 2)) / 2;
            }
            System.out.printf("%s: medians over %d launches: %.2f s wall (%,.0f records/s), reading thread %.2f s CPU,"
                    + " process %.2f s CPU%n", reader, seconds.get(reader).size(), medians[0], records / medians[0],
                    medians[1], medians[2]);
        }
    }

    /** Wall seconds, the reading thread's CPU seconds and the process's CPU seconds of one launch. */
    private static double[] launch(Path home, long records, String kind, String reader) throws Exception {
        List<String> command = new ArrayList<>(List.of("java"));
        command.addAll(List.of(JAVA_OPTS.split(" ")));
        command.addAll(List.of("-Dboxmaker.bench.log-lines=" + reader, "-cp", System.getProperty("java.class.path")));
        if (kind.equals("read")) {
            command.addAll(List.of(LogLinesBench.class.getName(), "--read-child", home.toString()));
        } else {
            command.addAll(List.of(CatchUpProbe.class.getName(), home.toString(), Long.toString(records)));
        }
        ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true);
        builder.environment().put("MALLOC_ARENA_MAX", "2");
        Process child = builder.start();
        double[] seconds = {-1, -1, -1};
        StringBuilder all = new StringBuilder();
        try (BufferedReader out = new BufferedReader(new InputStreamReader(child.getInputStream(), StandardCharsets.UTF_8))) {
            for (String l; (l = out.readLine()) != null; ) {
                all.append(l).append('\n');
                if (l.startsWith("catch-up: ") || l.startsWith("read: ")) {
                    seconds[0] = Double.parseDouble(l.substring(l.indexOf(' ') + 1, l.indexOf(" s")));
                }
                if (l.startsWith("  thread memoryd-index-writer: ") || l.startsWith("reading thread: ")) {
                    seconds[1] = Double.parseDouble(l.substring(l.indexOf(": ") + 2, l.indexOf(" s")));
                }
                if (l.startsWith("process CPU: ")) {
                    seconds[2] = Double.parseDouble(l.substring(l.indexOf(": ") + 2, l.indexOf(" s")));
                }
            }
        }
        if (child.waitFor() != 0 || seconds[0] < 0) {
            throw new IllegalStateException("the " + reader + " launch failed:\n" + all);
        }
        return seconds;
    }

    /** Reads every log whole three times; prints the last pass's time. */
    private static void readChild(Path home) throws Exception {
        List<Path> logs;
        try (Stream<Path> dirs = Files.list(home.resolve("sessions"))) {
            logs = dirs.map(d -> d.resolve("0.jsonl")).sorted().toList();
        }
        double last = 0;
        double lastCpu = 0;
        long count = 0;
        var threads = java.lang.management.ManagementFactory.getThreadMXBean();
        for (int pass = 0; pass < 3; pass++) {
            long t0 = System.nanoTime();
            long c0 = threads.getCurrentThreadCpuTime();
            count = 0;
            for (Path log : logs) {
                SessionLogReader reader = new SessionLogReader(log);
                LogPosition at = new LogPosition(0, 0);
                for (SessionLogReader.Batch batch; ; at = batch.next()) {
                    batch = reader.read(at);
                    count += batch.records().size();
                    if (!batch.more()) {
                        break;
                    }
                }
            }
            last = (System.nanoTime() - t0) / 1e9;
            lastCpu = (threads.getCurrentThreadCpuTime() - c0) / 1e9;
        }
        System.out.printf("read: %.3f s, %,d records%n", last, count);
        System.out.printf("reading thread: %.3f s CPU%n", lastCpu);
        System.out.printf("process CPU: %.2f s%n", ((com.sun.management.OperatingSystemMXBean)
                java.lang.management.ManagementFactory.getOperatingSystemMXBean()).getProcessCpuTime() / 1e9);
    }

    private static String load() {
        try {
            return Files.readString(Path.of("/proc/loadavg")).trim();
        } catch (java.io.IOException e) {
            return "unknown";
        }
    }
}
