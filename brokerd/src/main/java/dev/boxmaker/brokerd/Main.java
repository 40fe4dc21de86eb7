package dev.boxmaker.brokerd;

import dev.boxmaker.brokerd.sentences.Sentences;
import dev.boxmaker.brokerd.audit.EarlyAudit;
import dev.boxmaker.brokerd.config.BrokerdSettings;
import dev.boxmaker.brokerd.sockets.BrokerdSockets;
import dev.boxmaker.proto.daemon.HomeLock;
import dev.boxmaker.proto.daemon.OwnPaths;
import dev.boxmaker.proto.daemon.ServeCommandLine;
import io.quarkus.runtime.Quarkus;
import io.quarkus.runtime.annotations.QuarkusMain;
import java.io.PrintStream;
import java.util.List;

/**
 * {@code brokerd serve [--config FILE]}. The arguments and the configuration are checked before
 * Quarkus starts, so a typo gets one clear sentence and exit code 2 (usage) or 1 (configuration),
 * and so does a second brokerd on a home another one serves: one that answers on its sockets, or,
 * started in the same moment, one that holds {@code audit/brokerd.lock} ({@link HomeLock}), before this
 * one reads the audit log the other appends to. Then the audit log is read ({@link EarlyAudit}), so a
 * damaged one stops the start with its sentence too.
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
     * Checks the arguments, the configuration, and that no other brokerd serves the home (none
     * answers on brokerd's sockets, none holds its lock), and reads the audit log; 0 when brokerd
     * may start, holding the lock.
     */
    static int prepare(String[] args, PrintStream err) {
        return ServeCommandLine.prepare(args, err, Sentences.USAGE, () -> {
            BrokerdSettings settings = BrokerdSettings.fromSystem();
            BrokerdSockets.refuseIfAnswered(settings);
            OwnPaths.secureHome(settings.home());
            OwnPaths.secure(List.of(settings.auditDir()), List.of(settings.home().resolve("run"),
                    settings.loopSocket().getParent(), settings.adminSocket().getParent(),
                    settings.stateSocket().getParent()));
            HomeLock.take("brokerd", settings.auditDir());
            EarlyAudit.read(settings.auditDir());
        }, Sentences::startFailed);
    }
}
