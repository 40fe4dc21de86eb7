package dev.boxmaker.memoryd.honcho.worker;

import dev.boxmaker.memoryd.sentences.HonchoWorkerSentences;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import org.jboss.logging.Logger;

/**
 * Honcho unreachable (the M5c spec, section 5.6): logged once when it starts and once when it ends,
 * never per try; the wait between tries doubles from {@link Backoff#first} to {@link Backoff#max}.
 */
final class Outage {
    private static final Logger LOG = Logger.getLogger(HonchoWorker.class);

    private final Clock clock;
    private final Backoff backoff;
    private volatile Instant since;
    private Duration wait;

    Outage(Clock clock, Backoff backoff) {
        this.clock = clock;
        this.backoff = backoff;
    }

    /** A try found Honcho unreachable: the wait before the next try. */
    Duration failed() {
        if (since == null) {
            since = clock.instant();
            wait = backoff.first();
            LOG.warn(HonchoWorkerSentences.honchoUnreachable(backoff.max().toSeconds()));
        } else {
            wait = backoff.next(wait);
        }
        return wait;
    }

    /** A call was answered: the outage, if any, is over. */
    void answered() {
        Instant began = since;
        if (began != null) {
            since = null;
            LOG.info(HonchoWorkerSentences.honchoReachable(Duration.between(began, clock.instant()).toSeconds()));
        }
    }

    /** When the outage began, or null. */
    Instant since() {
        return since;
    }
}
