package dev.boxmaker.memoryd;

import dev.boxmaker.memoryd.sentences.StartSentences;
import dev.boxmaker.memoryd.config.MemorydSettings;
import dev.boxmaker.memoryd.sockets.MemorydSockets;
import dev.boxmaker.proto.daemon.HomeLock;
import dev.boxmaker.proto.daemon.OwnPaths;
import dev.boxmaker.proto.daemon.ServeCommandLine;
import io.quarkus.runtime.Quarkus;
import io.quarkus.runtime.annotations.QuarkusMain;
import java.io.PrintStream;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;

/**
 * {@code memoryd serve [--config FILE]}. The arguments and the configuration are checked before
 * Quarkus starts, so a typo gets one clear sentence and exit code 2 (usage) or 1 (configuration),
 * and so does a second memoryd on a home another one serves; then the index is opened, so its
 * catch-up runs while Quarkus boots ({@link EarlyIndex}).
 */
@QuarkusMain
public final class Main {
    private Main() {
    }

    public static void main(String... args) {
        // The settings read to check them are the ones the index opens with: read once.
        AtomicReference<MemorydSettings> settings = new AtomicReference<>();
        int code = prepare(args, System.err, settings);
        if (code != 0) {
            System.exit(code);
        }
        EarlyIndex.open(settings.get());
        Quarkus.run(args);
    }

    /**
     * Checks the arguments, the configuration, the home's own paths and that no other memoryd serves
     * the home; 0 when memoryd may start, holding the lock, with the settings read in {@code settings}.
     * A second memoryd on a running home stops at the sockets, or, started in the same moment as the
     * first, at the home's lock, before it opens the index the first serves.
     */
    static int prepare(String[] args, PrintStream err, AtomicReference<MemorydSettings> settings) {
        return ServeCommandLine.prepare(args, err, StartSentences.USAGE, () -> {
            settings.set(MemorydSettings.fromSystem());
            MemorydSockets.refuseIfAnswered(settings.get());
            MemorydSettings read = settings.get();
            OwnPaths.secureHome(read.home());
            OwnPaths.secure(List.of(read.memoryDir(), read.indexDir()), List.of(read.home().resolve("run"),
                    read.loopSocket().getParent(), read.brokerSocket().getParent(), read.adminSocket().getParent()));
            HomeLock.take("memoryd", settings.get().memoryDir());
        }, StartSentences::startFailed);
    }
}
