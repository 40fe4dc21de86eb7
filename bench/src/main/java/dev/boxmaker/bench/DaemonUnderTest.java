package dev.boxmaker.bench;

import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.channels.SocketChannel;
import java.nio.file.Files;
import java.nio.file.Path;

/** A packaged daemon started as a process on a fresh home under /tmp, stopped on close. */
record DaemonUnderTest(Path home, Process process) implements AutoCloseable {
    static DaemonUnderTest memoryd(Path jar) throws Exception {
        Path home = Files.createTempDirectory(Path.of("/tmp"), "bxb");
        ProcessBuilder builder = new ProcessBuilder("java", "-XX:+UseSerialGC", "-jar", jar.toString(), "serve")
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
    }
}
