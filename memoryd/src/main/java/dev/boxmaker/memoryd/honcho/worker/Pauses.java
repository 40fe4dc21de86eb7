package dev.boxmaker.memoryd.honcho.worker;

import dev.boxmaker.memoryd.honcho.client.HonchoFailure;
import dev.boxmaker.memoryd.honcho.ledger.HonchoLedger;
import dev.boxmaker.memoryd.sentences.HonchoWorkerSentences;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import org.jboss.logging.Logger;

/**
 * Workspaces the worker leaves alone for a while (issue 35, items 3 and 4): one that answered busy
 * (429 or 408), or whose answer to a write could not be read, so that Honcho may hold what was sent.
 * Its items wait, in order, and are looked up before they are sent again; other workspaces go on. The
 * wait doubles from {@link Backoff#first} to {@link Backoff#max} while the spell lasts; a
 * {@code Retry-After} the server gives is honoured within those bounds. Used by the worker's one
 * thread only.
 */
final class Pauses {
    private static final Logger LOG = Logger.getLogger(HonchoWorker.class);

    private final Backoff backoff;
    private final Map<String, Pause> paused = new HashMap<>();

    private record Pause(Duration waited, long untilNanos) {
    }

    Pauses(Backoff backoff) {
        this.backoff = backoff;
    }

    /** Whether {@code workspace}'s items wait now. */
    boolean paused(String workspace) {
        Pause p = paused.get(workspace);
        return p != null && System.nanoTime() < p.untilNanos;
    }

    /** Pauses the workspace of {@code waiting}, which {@code f} stopped; logged when a spell starts. */
    void pause(HonchoLedger.Waiting waiting, HonchoFailure f) {
        String w = waiting.workspace();
        if (pause(w, f.retryAfter())) {
            long wait = paused.get(w).waited.toSeconds();
            LOG.warn(f.kind() == HonchoFailure.Kind.BUSY ? HonchoWorkerSentences.busy(w, f.status(), wait)
                    : HonchoWorkerSentences.unreadable(waiting.item().key(), w, f.status(), wait));
        }
    }

    /**
     * Pauses {@code workspace}: the wait asked for ({@code retryAfter}, within the back-off's bounds), else
     * the first wait or the last one doubled. True when this starts a spell (so it is logged once).
     */
    boolean pause(String workspace, Optional<Duration> retryAfter) {
        Pause last = paused.get(workspace);
        Duration wait = last == null ? backoff.first() : backoff.next(last.waited);
        if (retryAfter.isPresent()) {
            wait = clamp(retryAfter.get());
        }
        paused.put(workspace, new Pause(wait, System.nanoTime() + wait.toNanos()));
        return last == null;
    }

    /** {@code workspace} answered a call: its spell, if any, is over. */
    void answered(String workspace) {
        paused.remove(workspace);
    }

    /** How long until the first pause ends; empty when none waits. */
    Optional<Duration> nextEnd() {
        long now = System.nanoTime();
        return paused.values().stream().map(p -> Duration.ofNanos(Math.max(1_000_000, p.untilNanos - now)))
                .min(Duration::compareTo);
    }

    private Duration clamp(Duration asked) {
        if (asked.compareTo(backoff.first()) < 0) {
            return backoff.first();
        }
        return asked.compareTo(backoff.max()) > 0 ? backoff.max() : asked;
    }
}
