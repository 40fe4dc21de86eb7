package dev.boxmaker.proto.server;

import dev.boxmaker.proto.wire.msg.Message;
import java.util.concurrent.CompletionStage;
import org.jboss.logging.Logger;

/**
 * A dispatched request's handler stage, so that an {@link AsyncHandler} hears when its client went
 * away before the answer. The stage is known on a worker thread, the client's leaving on the event
 * loop; whichever comes second tells the handler, once.
 */
final class Pending {
    private static final Logger LOG = Logger.getLogger(Pending.class);

    private AsyncHandler<?> handler;
    private CompletionStage<Message> stage;
    private boolean gone;
    private boolean told;

    /** The handler returned {@code stage} for this request. */
    void started(AsyncHandler<?> handler, CompletionStage<Message> stage) {
        synchronized (this) {
            this.handler = handler;
            this.stage = stage;
        }
        tellIfDue();
    }

    /** The client left before its answer. */
    void clientGone() {
        synchronized (this) {
            gone = true;
        }
        tellIfDue();
    }

    private void tellIfDue() {
        synchronized (this) {
            if (!gone || stage == null || told) {
                return;
            }
            told = true;
        }
        try {
            handler.clientGone(stage);
        } catch (RuntimeException e) {
            LOG.warnf(e, "a handler failed on hearing that its client had gone");
        }
    }
}
