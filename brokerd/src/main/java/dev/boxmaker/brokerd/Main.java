package dev.boxmaker.brokerd;

import dev.boxmaker.brokerd.config.BrokerdSettings;
import dev.boxmaker.brokerd.sockets.BrokerdSockets;
import dev.boxmaker.proto.daemon.ServeCommandLine;
import io.quarkus.runtime.Quarkus;
import io.quarkus.runtime.annotations.QuarkusMain;
import java.io.PrintStream;

/**
 * {@code brokerd serve [--config FILE]}. The arguments and the configuration are checked before
 * Quarkus starts, so a typo gets one clear sentence and exit code 2 (usage) or 1 (configuration),
 * and so does a second brokerd on a home another one serves.
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
        Quarkus.run(args);
    }

    /**
     * Checks the arguments, the configuration, and that no other process answers on brokerd's
     * sockets (a second brokerd on a running home); 0 when brokerd may start.
     */
    static int prepare(String[] args, PrintStream err) {
        return ServeCommandLine.prepare(args, err, Sentences.USAGE,
                () -> BrokerdSockets.refuseIfAnswered(BrokerdSettings.fromSystem()), Sentences::startFailed);
    }
}
