package dev.boxmaker.loopd;

import dev.boxmaker.loopd.sentences.Sentences;
import dev.boxmaker.loopd.baseline.SystemText;
import dev.boxmaker.loopd.config.LoopdSettings;
import dev.boxmaker.proto.daemon.HomeLock;
import dev.boxmaker.proto.daemon.OwnPaths;
import dev.boxmaker.proto.daemon.ServeCommandLine;
import dev.boxmaker.proto.server.SocketsInUse;
import io.quarkus.runtime.Quarkus;
import io.quarkus.runtime.annotations.QuarkusMain;
import java.io.PrintStream;
import java.util.List;

/**
 * {@code loopd serve [--config FILE]} and {@code loopd self-test}. The arguments and the configuration
 * are checked before Quarkus starts, so a typo gets one clear sentence and exit code 2 (usage) or 1
 * (configuration), and so does a second loopd on a home another one serves: one that answers on its
 * socket, or, started in the same moment, one that holds {@code run/loopd.lock} ({@link HomeLock}),
 * before this one opens a session log the other appends to. The self-test runs without Quarkus.
 */
@QuarkusMain
public final class Main {
    /**
     * Where loopd's lock lives, under the home: {@code run/}, the home's runtime folder, not
     * {@code sessions/}, which holds session folders and nothing else (home.md).
     */
    static final String LOCK_DIR = "run";

    private Main() {
    }

    public static void main(String... args) {
        if (args.length == 1 && args[0].equals("self-test")) {
            System.exit(SelfTest.run(System.out));
        }
        int code = prepare(args, System.err);
        if (code != 0) {
            System.exit(code);
        }
        Quarkus.run(args);
    }

    /**
     * Checks the arguments, the configuration, and that no other loopd serves the home (none answers
     * on loopd's socket, none holds its lock); 0 when loopd may start, holding the lock.
     */
    static int prepare(String[] args, PrintStream err) {
        return ServeCommandLine.prepare(args, err, Sentences.USAGE, () -> {
            LoopdSettings settings = LoopdSettings.fromSystem();
            SystemText.load(settings.systemFile());
            SocketsInUse.refuse(settings.turnSocket());
            OwnPaths.secureHome(settings.home());
            OwnPaths.secure(List.of(settings.home().resolve("sessions")), List.of(settings.home().resolve(LOCK_DIR),
                    settings.turnSocket().getParent()));
            HomeLock.take("loopd", settings.home().resolve(LOCK_DIR));
        }, Sentences::startFailed);
    }
}
