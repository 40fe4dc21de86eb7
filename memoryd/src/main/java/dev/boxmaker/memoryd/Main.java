package dev.boxmaker.memoryd;

import dev.boxmaker.memoryd.config.MemorydSettings;
import dev.boxmaker.proto.daemon.ServeCommandLine;
import io.quarkus.runtime.Quarkus;
import io.quarkus.runtime.annotations.QuarkusMain;
import java.io.PrintStream;

/**
 * {@code memoryd serve [--config FILE]}. The arguments and the configuration are checked before
 * Quarkus starts, so a typo gets one clear sentence and exit code 2 (usage) or 1 (configuration);
 * then the index is opened, so its catch-up runs while Quarkus boots ({@link EarlyIndex}).
 */
@QuarkusMain
public final class Main {
    private Main() {
    }

    public static void main(String... args) {
        int code = prepare(args, System.err);
        if (code != 0) {
            System.exit(code);
        }
        EarlyIndex.open(MemorydSettings.fromSystem());
        Quarkus.run(args);
    }

    /** Checks the arguments and the configuration; 0 when memoryd may start. */
    static int prepare(String[] args, PrintStream err) {
        return ServeCommandLine.prepare(args, err, Sentences.USAGE, () -> MemorydSettings.fromSystem(), Sentences::startFailed);
    }
}
