package dev.boxmaker.brokerd;

import dev.boxmaker.brokerd.sentences.Sentences;
import dev.boxmaker.brokerd.approvals.Approvals;
import dev.boxmaker.brokerd.audit.AuditLog;
import dev.boxmaker.brokerd.audit.EarlyAudit;
import dev.boxmaker.brokerd.config.BrokerdSettings;
import dev.boxmaker.brokerd.decide.Broker;
import dev.boxmaker.brokerd.grants.GrantWatcher;
import dev.boxmaker.brokerd.runtime.CompositeRuntime;
import dev.boxmaker.brokerd.runtime.ExecRuntime;
import dev.boxmaker.brokerd.runtime.MemorydRuntime;
import dev.boxmaker.brokerd.runtime.RefusingRuntime;
import dev.boxmaker.brokerd.runtime.Runtime;
import dev.boxmaker.brokerd.sockets.BrokerdSockets;
import dev.boxmaker.brokerd.taint.Taints;
import dev.boxmaker.brokerd.threads.BrokerdThreads;
import dev.boxmaker.proto.client.AsyncSocketClient;
import io.quarkus.runtime.ShutdownEvent;
import io.quarkus.runtime.StartupEvent;
import io.vertx.core.Vertx;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Clock;
import java.time.Duration;
import org.jboss.logging.Logger;

/** The daemon: rebuilds the taints, loads the grants, opens the sockets at start, closes them at stop. */
@ApplicationScoped
public class Brokerd {
    private static final Logger LOG = Logger.getLogger(Brokerd.class);

    private Broker broker;
    private BrokerdSockets sockets;

    void onStart(@Observes StartupEvent event, Vertx vertx) {
        BrokerdSettings settings = BrokerdSettings.fromSystem();
        broker = open(vertx, settings, Duration.ofSeconds(MemorydRuntime.MEMORYD_WAIT_SECONDS),
                Duration.ofSeconds(MemorydRuntime.MEMORYD_ASK_WAIT_SECONDS), Clock.systemUTC());
        sockets = BrokerdSockets.start(vertx, settings, broker);
        LOG.infof("brokerd is listening on %s (loopd), %s (owner), %s (memoryd); %d sessions' taint rebuilt",
                settings.loopSocket(), settings.adminSocket(), settings.stateSocket(), broker.taints().all().size());
    }

    void onStop(@Observes ShutdownEvent event) {
        if (broker != null) {
            // Calls waiting for the owner are answered first (timed out), so closing the sockets
            // does not wait on replies that would never come.
            broker.approvals().close();
        }
        if (sockets != null) {
            sockets.close();
        }
        if (broker != null) {
            broker.close();
        }
    }

    /**
     * The broker of {@code settings}: the taints rebuilt from the audit log (read by {@code main},
     * {@link EarlyAudit}, or now), the grants loaded and watched, the composite runtime calling
     * memoryd on {@code vertx}. Tests call it with a short memoryd wait.
     */
    public static Broker open(Vertx vertx, BrokerdSettings settings, Duration memorydWait, Clock clock) {
        return open(vertx, settings, memorydWait, memorydWait, clock);
    }

    /**
     * As {@link #open(Vertx, BrokerdSettings, Duration, Clock)}, with ask_memory's own wait on memoryd.
     * brokerd's threads beside Vert.x's are made here, once ({@link BrokerdThreads}).
     */
    public static Broker open(Vertx vertx, BrokerdSettings settings, Duration memorydWait, Duration askWait,
            Clock clock) {
        BrokerdThreads threads = BrokerdThreads.start();
        try {
            EarlyAudit.Read read = EarlyAudit.take(settings.auditDir());
            AuditLog audit = read.log();
            Taints taints = new Taints(read.taints());
            Runtime others = switch (settings.runtime()) {
                case REFUSING -> new RefusingRuntime();
                case EXEC -> new ExecRuntime(settings.exec(), threads.pipes());
            };
            // The client's connections close with Vert.x, which outlives the broker.
            Runtime memory = new MemorydRuntime(new AsyncSocketClient(vertx), settings.memorySocket(), memorydWait, askWait);
            return new Broker(new GrantWatcher(settings.grantsDir(), threads.timers()),
                    new CompositeRuntime(memory, others), taints, audit,
                    new Approvals(settings.approvalTimeout(), clock, threads.timers()), clock, threads);
        } catch (RuntimeException e) {
            threads.close();
            throw e;
        } catch (IOException e) {
            threads.close();
            throw new UncheckedIOException(Sentences.startFailed(e.getMessage()), e);
        } catch (AuditLog.Broken e) {
            threads.close();
            throw new IllegalStateException(Sentences.startFailed(e.getMessage()), e);
        }
    }
}
