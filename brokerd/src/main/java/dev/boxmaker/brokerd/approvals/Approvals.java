package dev.boxmaker.brokerd.approvals;

import dev.boxmaker.brokerd.Sentences;
import dev.boxmaker.proto.Json;
import dev.boxmaker.proto.text.Escape;
import dev.boxmaker.proto.wire.msg.ToolRequest;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentSkipListMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Calls under an {@code ask} grant, waiting for the owner (brokerd.md, "Approvals"). A waiting call
 * is a future in a map and a timer on one shared scheduler thread: it holds no thread of its own.
 */
public final class Approvals implements AutoCloseable {
    public static final int WAITING_MAX = 1_000;
    /** How much of a waiting call's arguments the list shows. */
    public static final int ARGS_SHOWN_CHARS_MAX = 300;

    /** The owner's answer, or the lack of one: no answer in time, or none before brokerd stopped. */
    public enum Verdict { APPROVED, DENIED, TIMED_OUT, STOPPED }

    private record Waiting(String id, ToolRequest request, String grant, Instant since,
            CompletableFuture<Verdict> verdict, ScheduledFuture<?> timer) {
    }

    private final Duration timeout;
    private final Clock clock;
    private final AtomicLong next = new AtomicLong(1);
    private final Map<Long, Waiting> waiting = new ConcurrentSkipListMap<>();
    private final ScheduledExecutorService timers = Executors.newSingleThreadScheduledExecutor(r -> {
        Thread t = new Thread(r, "brokerd-approvals");
        t.setDaemon(true);
        return t;
    });

    public Approvals(Duration timeout, Clock clock) {
        this.timeout = timeout;
        this.clock = clock;
    }

    public Duration timeout() {
        return timeout;
    }

    /** Puts the call on the list; empty when the list is full. The future completes once, with the verdict. */
    public synchronized Optional<CompletableFuture<Verdict>> add(ToolRequest request, String grant) {
        if (waiting.size() >= WAITING_MAX) {
            return Optional.empty();
        }
        long number = next.getAndIncrement();
        CompletableFuture<Verdict> verdict = new CompletableFuture<>();
        ScheduledFuture<?> timer = timers.schedule(() -> settle(number, Verdict.TIMED_OUT),
                timeout.toMillis(), TimeUnit.MILLISECONDS);
        waiting.put(number, new Waiting("a" + number, request, grant, clock.instant(), verdict, timer));
        return Optional.of(verdict);
    }

    /** {@code bxctl approve ID}; false when no such call is waiting. */
    public boolean approve(String id) {
        return number(id).map(n -> settle(n, Verdict.APPROVED)).orElse(false);
    }

    /** {@code bxctl deny ID}; false when no such call is waiting. */
    public boolean deny(String id) {
        return number(id).map(n -> settle(n, Verdict.DENIED)).orElse(false);
    }

    public int size() {
        return waiting.size();
    }

    /** One line per waiting call: id, session, tool, grant, how long, the arguments (escaped, cut). */
    public String list() {
        List<String> lines = new ArrayList<>();
        Instant now = clock.instant();
        for (Waiting w : waiting.values()) {
            String args;
            try {
                args = Json.MAPPER.writeValueAsString(w.request().args());
            } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
                args = "?";
            }
            lines.add(w.id() + "  session " + w.request().session() + "  " + Escape.escapeLine(w.request().tool())
                    + "  grant " + w.grant() + "  waiting " + Duration.between(w.since(), now).toSeconds() + "s  "
                    + Escape.cut(Escape.escapeLine(args), ARGS_SHOWN_CHARS_MAX));
        }
        return lines.isEmpty() ? Sentences.NO_APPROVALS : String.join("\n", lines);
    }

    private boolean settle(long number, Verdict verdict) {
        Waiting w = waiting.remove(number);
        if (w == null) {
            return false;
        }
        w.timer().cancel(false);
        w.verdict().complete(verdict);
        return true;
    }

    private static Optional<Long> number(String id) {
        if (!id.matches("a[1-9][0-9]{0,17}")) {
            return Optional.empty();
        }
        return Optional.of(Long.parseLong(id.substring(1)));
    }

    /** Stops the timers; calls still waiting are answered that brokerd stops, so each client gets its answer. */
    @Override
    public void close() {
        for (Long number : List.copyOf(waiting.keySet())) {
            settle(number, Verdict.STOPPED);
        }
        timers.shutdownNow();
    }
}
