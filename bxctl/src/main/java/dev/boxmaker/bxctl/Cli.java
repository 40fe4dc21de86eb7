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
        PrintWriter out = new PrintWriter(new OutputStreamWriter(System.out, StandardCharsets.UTF_8), true);
        PrintWriter err = new PrintWriter(new OutputStreamWriter(System.err, StandardCharsets.UTF_8), true);
        System.exit(Bxctl.run(args, out, err, System.getenv()));
    }
}
