package dev.boxmaker.memoryd;

import dev.boxmaker.memoryd.check.Check;
import dev.boxmaker.memoryd.config.MemorydSettings;
import dev.boxmaker.memoryd.home.MemoryHome;
import dev.boxmaker.memoryd.honcho.sync.HonchoSync;
import dev.boxmaker.memoryd.index.MemoryIndex;
import dev.boxmaker.memoryd.sockets.MemorydSockets;
import dev.boxmaker.memoryd.tool.MemoryStore;
import io.quarkus.runtime.ShutdownEvent;
import io.quarkus.runtime.StartupEvent;
import io.vertx.core.Vertx;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Clock;
import java.util.Optional;
import org.jboss.logging.Logger;

/** The daemon: lays out the home, opens the sockets at start, closes them (removing the files) at stop. */
@ApplicationScoped
public class Memoryd {
    private static final Logger LOG = Logger.getLogger(Memoryd.class);

    private MemorydSettings settings;
    private MemorydSockets sockets;
    private MemoryIndex index;
    private Optional<HonchoSync> honcho = Optional.empty();

    void onStart(@Observes StartupEvent event, Vertx vertx) {
        settings = MemorydSettings.fromSystem();
        MemoryStore store;
        try {
            index = EarlyIndex.take(MemoryIndex.Config.of(settings));
            MemoryHome.prepare(settings);
            store = new MemoryStore(settings.memoryDir(),
                    text -> Check.firstRefusal(text).map(Check.Refusal::sentence), Clock.systemUTC(), settings.review());
            // With [honcho] only: without it no ledger file is made and no thread started.
            if (settings.honcho().isPresent()) {
                honcho = Optional.of(HonchoSync.start(settings, settings.honcho().get(), store));
            }
        } catch (IOException e) {
            throw new UncheckedIOException(Sentences.startFailed(e.getMessage()), e);
        }
        sockets = MemorydSockets.start(vertx, settings, store, index, honcho);
        // A turn that ended while the start's catch-up ran, before loopd's notice could be taken.
        index.listening();
        LOG.infof("memoryd is listening on %s (loopd), %s (brokerd), %s (owner)",
                settings.loopSocket(), settings.brokerSocket(), settings.adminSocket());
    }

    void onStop(@Observes ShutdownEvent event) {
        if (sockets != null) {
            sockets.close();
        }
        // After the sockets: no session_updated or memory write reaches it any more.
        honcho.ifPresent(HonchoSync::close);
        if (index != null) {
            index.close();
        }
    }

    /** The index; null before start. */
    public MemoryIndex index() {
        return index;
    }

    /** The settings in force; null before start. */
    public MemorydSettings settings() {
        return settings;
    }
}
