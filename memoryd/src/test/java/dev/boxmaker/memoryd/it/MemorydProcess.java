package dev.boxmaker.memoryd.it;

import java.io.IOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/** The packaged memoryd, started as a process on a home of the test's, as the owner would run it. */
public final class MemorydProcess implements AutoCloseable {
    static final Path JAR = Path.of("target/quarkus-app/quarkus-run.jar").toAbsolutePath();
    static final Duration START_WAIT = Duration.ofSeconds(30);

    final Path home;
    final Path log;
    final Process process;

    private MemorydProcess(Path home, Path log, Process process) {
        this.home = home;
        this.log = log;
        this.process = process;
    }

    /** Starts {@code memoryd <args>} with BOXMAKER_HOME set to {@code home}; does not wait. */
    public static MemorydProcess launch(Path home, String... args) throws IOException {
        return launch(home, List.of(), args);
    }

    /** {@link #launch(Path, String...)} with the process's umask set to {@code umask} (as {@code 000}) first. */
    public static MemorydProcess launchUnderUmask(Path home, String umask, String... args) throws IOException {
        return launch(home, List.of("sh", "-c", "umask " + umask + " && exec \"$@\"", "sh"), args);
    }

    private static MemorydProcess launch(Path home, List<String> prefix, String... args) throws IOException {
        return launch(home, prefix, null, Map.of(), args);
    }

    /**
     * {@link #launch(Path, String...)} in the working directory {@code directory}, with {@code environment}
     * added to the test's own environment.
     */
    public static MemorydProcess launchIn(Path home, Path directory, Map<String, String> environment, String... args)
            throws IOException {
        return launch(home, List.of(), directory, environment, args);
    }

    private static MemorydProcess launch(Path home, List<String> prefix, Path directory,
            Map<String, String> environment, String... args) throws IOException {
        List<String> command = new ArrayList<>(prefix);
        command.addAll(List.of("java", "-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1", "-jar", JAR.toString()));
        command.addAll(List.of(args));
        Path log = Files.createTempFile(home, "memoryd", ".log");
        ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile());
        if (directory != null) {
            builder.directory(directory.toFile());
        }
        builder.environment().putAll(environment);
        builder.environment().put("BOXMAKER_HOME", home.toString());
        return new MemorydProcess(home, log, builder.start());
    }

    /**
     * Writes {@code home}'s memoryd.toml with {@code [honcho]} at {@code url}: agent boxmaker0, owner kyle,
     * workspaces bx-trusted, bx-untrusted and bx-fleet; its path.
     */
    public static Path honchoConfig(Path home, URI url) throws IOException {
        Path config = home.resolve("memoryd.toml");
        Files.writeString(config, "[paths]\nhome = \"" + home + "\"\n[honcho]\nurl = \"" + url + "\"\n"
                + "agent = \"boxmaker0\"\nowner = \"kyle\"\ntrusted = \"bx-trusted\"\nuntrusted = \"bx-untrusted\"\n"
                + "fleet = \"bx-fleet\"\n");
        return config;
    }

    /** Starts {@code memoryd serve} and waits until it answers on every socket. */
    public static MemorydProcess serve(Path home) throws Exception {
        return awaitServing(launch(home, "serve"), home);
    }

    /** Waits until {@code memoryd} answers on every socket of {@code home}. */
    public static MemorydProcess awaitServing(MemorydProcess memoryd, Path home) throws Exception {
        memoryd.awaitAnswer(home.resolve("run/loop-memory/memory.sock"));
        memoryd.awaitAnswer(home.resolve("run/broker-memory/memory.sock"));
        memoryd.awaitAnswer(home.resolve("run/owner-memory/admin.sock"));
        return memoryd;
    }

    /**
     * Waits until a connection to {@code socket} is accepted by this process's server: a socket
     * file alone proves nothing, since SIGKILL leaves the old one behind.
     */
    void awaitAnswer(Path socket) throws Exception {
        long deadline = System.nanoTime() + START_WAIT.toNanos();
        while (!answers(socket)) {
            if (!process.isAlive()) {
                throw new AssertionError("memoryd exited with " + process.exitValue() + ":\n" + output());
            }
            if (System.nanoTime() > deadline) {
                throw new AssertionError("memoryd did not open " + socket + ":\n" + output());
            }
            Thread.sleep(20);
        }
    }

    private static boolean answers(Path socket) {
        try (java.nio.channels.SocketChannel channel =
                java.nio.channels.SocketChannel.open(java.net.StandardProtocolFamily.UNIX)) {
            return channel.connect(java.net.UnixDomainSocketAddress.of(socket));
        } catch (IOException e) {
            return false;
        }
    }

    /** Waits for the process to end; its exit code. */
    public int awaitExit() throws Exception {
        if (!process.waitFor(START_WAIT.toSeconds(), TimeUnit.SECONDS)) {
            throw new AssertionError("memoryd did not exit:\n" + output());
        }
        return process.exitValue();
    }

    /** The exit status of a JVM that stopped cleanly on SIGTERM: 128 + 15. */
    public static final int SIGTERM_EXIT = 143;

    /** SIGTERM, as `make stop` and systemd send. */
    public int terminate() throws Exception {
        process.destroy();
        return awaitExit();
    }

    /** SIGKILL: no shutdown hook runs. */
    public void kill() throws Exception {
        process.destroyForcibly();
        process.waitFor(START_WAIT.toSeconds(), TimeUnit.SECONDS);
    }

    public String output() throws IOException {
        return Files.readString(log, StandardCharsets.UTF_8);
    }

    @Override
    public void close() throws Exception {
        if (process.isAlive()) {
            kill();
        }
    }
}
