package dev.boxmaker.loopd;

import dev.boxmaker.loopd.baseline.MemorySource;
import dev.boxmaker.loopd.baseline.MemorydSource;
import dev.boxmaker.loopd.baseline.SystemText;
import dev.boxmaker.loopd.config.LoopdSettings;
import dev.boxmaker.loopd.model.ModelClient;
import dev.boxmaker.loopd.sockets.LoopdSockets;
import dev.boxmaker.loopd.tools.Catalog;
import dev.boxmaker.loopd.tools.CoreTools;
import dev.boxmaker.loopd.tools.ToolRunner;
import dev.boxmaker.loopd.turn.TurnRunner;
import dev.boxmaker.loopd.turn.Turns;
import dev.boxmaker.proto.daemon.DaemonThreads;
import io.quarkus.runtime.ShutdownEvent;
import io.quarkus.runtime.StartupEvent;
import io.vertx.core.Vertx;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import java.time.Clock;
import org.jboss.logging.Logger;

/** The daemon: opens the turn socket at start with memoryd as the memory source, closes it at stop. */
@ApplicationScoped
public class Loopd {
    private static final Logger LOG = Logger.getLogger(Loopd.class);

    private Turns turns;
    private LoopdSockets sockets;

    void onStart(@Observes StartupEvent event, Vertx vertx) {
        LoopdSettings settings = LoopdSettings.fromSystem();
        turns = open(settings, new MemorydSource(settings.memorySocket()), ModelClient.BACKOFF_MILLIS, Clock.systemUTC());
        sockets = LoopdSockets.start(vertx, settings.turnSocket(), settings.home(), turns, settings.modelUrl());
        LOG.infof("loopd is listening on %s; the model is %s", settings.turnSocket(),
                settings.modelUrl().map(Object::toString).orElse("not configured: every turn is refused"));
    }

    void onStop(@Observes ShutdownEvent event) {
        stop(sockets, turns);
    }

    /**
     * Stops loopd (either part may be null): the turns first, so that every turn the socket accepted
     * is answered (a waiting one as not run, a running one once it ends or is interrupted) while the
     * socket is still open; then the socket, which waits for those answers to be written. Closing the
     * socket first closed the connections of turns still waiting, with no answer.
     */
    public static void stop(LoopdSockets sockets, Turns turns) {
        if (turns != null) {
            turns.close();
        }
        if (sockets != null) {
            sockets.close();
        }
    }

    /**
     * The turns of {@code settings} with {@code memory} as the memory source: there is no default, so
     * no wiring can start sessions without memory by leaving it out. Tests pass a short back-off.
     */
    public static Turns open(LoopdSettings settings, MemorySource memory, long backoffMillis, Clock clock) {
        return open(settings, memory, backoffMillis, clock, Turns.SESSIONS_CACHED_MAX);
    }

    /**
     * {@link #open(LoopdSettings, MemorySource, long, Clock)} keeping at most {@code sessionsCached}
     * prompts. loopd's threads beside Vert.x's are made here, once: the turns' pool. Its calls to
     * brokerd and memoryd run on a turn's thread, which waits for them as the turn must; no socket
     * worker waits on another daemon.
     */
    public static Turns open(LoopdSettings settings, MemorySource memory, long backoffMillis, Clock clock,
            int sessionsCached) {
        String system = SystemText.load(settings.systemFile());
        TurnRunner runner = settings.modelUrl().map(url -> new TurnRunner(settings.home(),
                new ModelClient(url, settings.modelName(), settings.apiKey(), settings.maxReplyTokens(),
                        settings.modelTimeout(), backoffMillis),
                new ToolRunner(settings.brokerSocket(), new Catalog(settings.catalog()), clock),
                memory, settings.contextTokens(), settings.maxReplyTokens(), clock)).orElse(null);
        return new Turns(settings.home(), memory, system, CoreTools.array(), settings.modelName(), runner, clock,
                sessionsCached, DaemonThreads.pool("loopd-turn", Turns.TURN_THREADS, Turns.TURNS_QUEUED_MAX));
    }
}
