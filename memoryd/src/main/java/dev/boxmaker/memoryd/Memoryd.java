package dev.boxmaker.memoryd;

import dev.boxmaker.memoryd.sentences.StartSentences;
import dev.boxmaker.memoryd.config.MemorydSettings;
import dev.boxmaker.memoryd.honcho.client.AmbientConfigRefused;
import dev.boxmaker.memoryd.index.MemoryIndex;
import dev.boxmaker.memoryd.sockets.MemorydSockets;
import io.quarkus.runtime.ShutdownEvent;
import io.quarkus.runtime.StartupEvent;
import io.quarkus.runtime.configuration.ConfigurationException;
import io.vertx.core.Vertx;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import java.io.IOException;
import java.io.UncheckedIOException;
import org.jboss.logging.Logger;

/** The daemon: builds its objects ({@link Assembly}), opens the sockets at start, closes them (removing the files) at stop. */
@ApplicationScoped
public class Memoryd {
    private static final Logger LOG = Logger.getLogger(Memoryd.class);

    private MemorydSettings settings;
    private Assembly assembly;
    private MemorydSockets sockets;

    void onStart(@Observes StartupEvent event, Vertx vertx) {
        settings = MemorydSettings.fromSystem();
        try {
            assembly = Assembly.open(settings);
        } catch (IOException e) {
            throw new UncheckedIOException(StartSentences.startFailed(e.getMessage()), e);
        } catch (AmbientConfigRefused e) {
            // Quarkus prints a ConfigurationException's message alone and exits 1: one line, as for memoryd.toml.
            throw new ConfigurationException(StartSentences.startFailed(e.getMessage()));
        }
        sockets = assembly.startSockets(vertx);
        // A turn that ended while the start's catch-up ran, before loopd's notice could be taken.
        assembly.index().listening();
        LOG.infof("memoryd is listening on %s (loopd), %s (brokerd), %s (owner)",
                settings.loopSocket(), settings.brokerSocket(), settings.adminSocket());
    }

    void onStop(@Observes ShutdownEvent event) {
        if (sockets != null) {
            sockets.close();
        }
        // After the sockets: no session_updated or memory write reaches them any more.
        if (assembly != null) {
            assembly.close();
        }
    }

    /** The index; null before start. */
    public MemoryIndex index() {
        return assembly == null ? null : assembly.index();
    }

    /** The settings in force; null before start. */
    public MemorydSettings settings() {
        return settings;
    }
}
