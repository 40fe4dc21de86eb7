package dev.boxmaker.bxctl;

import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;

/**
 * bxctl without the Quarkus runtime: a command-line tool starts cold every time, and nothing in bxctl
 * needs CDI or Quarkus's configuration, so {@code bin/bxctl} runs this main on the jars of the
 * packaged app (see docs/benchmarks.md, "bxctl cold start").
 */
public final class Cli {
    private Cli() {
    }

    public static void main(String[] args) {
        warmUp();
        PrintWriter out = new PrintWriter(new OutputStreamWriter(System.out, StandardCharsets.UTF_8), true);
        PrintWriter err = new PrintWriter(new OutputStreamWriter(System.err, StandardCharsets.UTF_8), true);
        System.exit(Bxctl.run(args, out, err, System.getenv()));
    }

    /**
     * Starts, on a daemon thread, two class initialisations the JDK does slowly and bxctl needs later,
     * so that they overlap picocli's work on the other core (docs/benchmarks.md, "bxctl cold start").
     * The first Unix-domain socket initialises sun.nio.ch.UnixDomainSockets, which takes a
     * SecureRandom ("NativePRNGNonBlocking", for naming the sockets it binds on its own, which bxctl
     * never does) and so reads java.security and loads the SUN provider: 25 to 45 ms even with the
     * AOT cache, and no system property skips it. jackson-core's parsers keep BigDecimal constants,
     * and JDK 25's BigDecimal computes 5^65536 when it initialises: about 30 ms with bxctl's C1-only
     * JVM. The main thread, on reaching either, waits for the warm-up to finish it or finds it done.
     * The training run calls this too, so that the cache holds what it loads.
     */
    static void warmUp() {
        Thread warm = new Thread(new WarmUp(), "bxctl-warm-up");
        warm.setDaemon(true);
        warm.start();
    }

    /** A class, not a lambda: a lambda the training run never made would be spun at every start. */
    private static final class WarmUp implements Runnable {
        @Override
        public void run() {
            try {
                java.security.SecureRandom.getInstance("NativePRNGNonBlocking");
            } catch (java.security.NoSuchAlgorithmException | RuntimeException e) {
                // Nothing lost: the socket asks again, and falls back as the JDK does.
            }
            java.math.BigDecimal.ONE.signum();
        }
    }
}
