package dev.boxmaker.bxctl;

import io.quarkus.runtime.Quarkus;
import io.quarkus.runtime.QuarkusApplication;
import io.quarkus.runtime.annotations.QuarkusMain;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;

/** bxctl as a Quarkus command-mode program; the work is in {@link Bxctl#run}. */
@QuarkusMain
public class BxctlMain implements QuarkusApplication {
    public static void main(String... args) {
        Quarkus.run(BxctlMain.class, args);
    }

    @Override
    public int run(String... args) {
        PrintWriter out = new PrintWriter(new java.io.OutputStreamWriter(System.out, StandardCharsets.UTF_8), true);
        PrintWriter err = new PrintWriter(new java.io.OutputStreamWriter(System.err, StandardCharsets.UTF_8), true);
        return Bxctl.run(args, out, err, System.getenv());
    }
}
