package dev.boxmaker.bench;

import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.channels.SocketChannel;
import java.nio.file.Path;

/** A packaged daemon started as a process on a fresh home under /tmp, stopped on close. */
record DaemonUnderTest(Path home, Process process) implements AutoCloseable {
    /**
     * Extra JVM options for memoryd, split on spaces: to profile it during a run, for instance
     * {@code BENCH_MEMORYD_JAVA_OPTS=-XX:StartFlightRecording=filename=/tmp/memoryd.jfr}.
     */
    static final String JAVA_OPTS_ENV = "BENCH_MEMORYD_JAVA_OPTS";

    static DaemonUnderTest memoryd(Path jar) throws Exception {
        Path home = BenchHomes.create("bxb");
        java.util.List<String> command = new java.util.ArrayList<>(java.util.List.of("java", "-XX:+UseSerialGC"));
        String extra = System.getenv(JAVA_OPTS_ENV);
        if (extra != null && !extra.isBlank()) {
            command.addAll(java.util.List.of(extra.trim().split(" +")));
        }
        command.addAll(java.util.List.of("-jar", jar.toString(), "serve"));
        ProcessBuilder builder = new ProcessBuilder(command)
                .redirectErrorStream(true).redirectOutput(home.resolve("memoryd.log").toFile());
        builder.environment().put("BOXMAKER_HOME", home.toString());
        DaemonUnderTest daemon = new DaemonUnderTest(home, builder.start());
        daemon.awaitAnswer(home.resolve("run/owner-memory/admin.sock"));
        return daemon;
    }

    void awaitAnswer(Path socket) throws Exception {
        for (int i = 0; i < 300; i++) {
            if (!process.isAlive()) {
                throw new IllegalStateException("the daemon exited with " + process.exitValue() + "; see "
                        + home.resolve("memoryd.log"));
            }
            try (SocketChannel channel = SocketChannel.open(StandardProtocolFamily.UNIX)) {
                channel.connect(UnixDomainSocketAddress.of(socket));
                return;
            } catch (java.io.IOException notYet) {
                Thread.sleep(100);
            }
        }
        throw new IllegalStateException("the daemon did not answer on " + socket);
    }

    @Override
    public void close() throws Exception {
        process.destroy();
        process.waitFor();
        BenchHomes.release(home);
    }
}
