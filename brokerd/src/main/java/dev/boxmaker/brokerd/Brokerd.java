package dev.boxmaker.brokerd;

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
        broker = open(settings, Duration.ofSeconds(MemorydRuntime.MEMORYD_WAIT_SECONDS),
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
     * {@link EarlyAudit}, or now), the grants loaded and watched, the composite runtime. Tests call it
     * with a short memoryd wait.
     */
    public static Broker open(BrokerdSettings settings, Duration memorydWait, Clock clock) {
        return open(settings, memorydWait, memorydWait, clock);
    }

    /** As {@link #open(BrokerdSettings, Duration, Clock)}, with ask_memory's own wait on memoryd. */
    public static Broker open(BrokerdSettings settings, Duration memorydWait, Duration askWait, Clock clock) {
        try {
            EarlyAudit.Read read = EarlyAudit.take(settings.auditDir());
            AuditLog audit = read.log();
            Taints taints = new Taints(read.taints());
            Runtime others = switch (settings.runtime()) {
                case REFUSING -> new RefusingRuntime();
                case EXEC -> new ExecRuntime(settings.exec());
            };
            Runtime runtime = new CompositeRuntime(new MemorydRuntime(settings.memorySocket(), memorydWait, askWait), others);
            return new Broker(new GrantWatcher(settings.grantsDir()), runtime, taints, audit,
                    new Approvals(settings.approvalTimeout(), clock), clock);
        } catch (IOException e) {
            throw new UncheckedIOException(Sentences.startFailed(e.getMessage()), e);
        } catch (AuditLog.Broken e) {
            throw new IllegalStateException(Sentences.startFailed(e.getMessage()), e);
        }
    }
}
