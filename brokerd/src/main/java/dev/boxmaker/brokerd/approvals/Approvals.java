package dev.boxmaker.brokerd.approvals;

import dev.boxmaker.brokerd.sentences.Sentences;
import dev.boxmaker.brokerd.grants.Grant;
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
    /**
     * The longest arguments (characters, escaped) a call may have to be asked about: {@code approvals ID}
     * shows them whole in one reply, which must fit a frame.
     */
    public static final int ARGS_WHOLE_CHARS_MAX = 2_000_000;

    /**
     * The owner's answer, or the lack of one: no answer in time, or none before brokerd stopped;
     * {@code NOT_ALLOWED}: approved, but its grant no longer allows it (see {@link #approve}).
     */
    public enum Verdict { APPROVED, DENIED, TIMED_OUT, STOPPED, NOT_ALLOWED }

    /** A verdict, and for {@code NOT_ALLOWED} what changed while the call waited (else empty). */
    public record Answer(Verdict verdict, String why) {
        static Answer of(Verdict verdict) {
            return new Answer(verdict, "");
        }
    }

    /** The second decision at approval ({@code decide.Recheck}): empty when the call may run, else what changed. */
    @FunctionalInterface
    public interface SecondDecision {
        Optional<String> why(ToolRequest request, Grant grant);
    }

    /**
     * @param head  the first {@link #ARGS_SHOWN_CHARS_MAX} characters of the arguments as shown
     * @param chars how many characters the arguments are as shown (escaped), so the list can say what it hides
     */
    private record Waiting(String id, ToolRequest request, Grant grant, Instant since, String head, long chars,
            CompletableFuture<Answer> verdict, ScheduledFuture<?> timer) {
    }

    private final Duration timeout;
    private final Clock clock;
    private final AtomicLong next = new AtomicLong(1);
    private final Map<Long, Waiting> waiting = new ConcurrentSkipListMap<>();
    private final ScheduledExecutorService timers;

    /** @param timers where each waiting call's timeout runs (brokerd's timer thread) */
    public Approvals(Duration timeout, Clock clock, ScheduledExecutorService timers) {
        this.timeout = timeout;
        this.clock = clock;
        this.timers = timers;
    }

    public Duration timeout() {
        return timeout;
    }

    /**
     * The arguments as the owner is shown them: compact JSON, escaped onto one line. A call is asked
     * about only when this is at most {@link #ARGS_WHOLE_CHARS_MAX} characters (see {@link #chars}).
     */
    public static String shown(ToolRequest request) {
        try {
            return Escape.escapeLine(Json.MAPPER.writeValueAsString(request.args()));
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new IllegalStateException("a parsed JSON object could not be written back", e);
        }
    }

    /** Characters as the owner counts them: code points. */
    public static long chars(String text) {
        return text.codePointCount(0, text.length());
    }

    /**
     * Puts the call on the list, {@code shown} being {@link #shown}'s text of its arguments; empty
     * when the list is full. The future completes once, with the verdict.
     */
    public synchronized Optional<CompletableFuture<Answer>> add(ToolRequest request, Grant grant, String shown) {
        if (waiting.size() >= WAITING_MAX) {
            return Optional.empty();
        }
        long number = next.getAndIncrement();
        CompletableFuture<Answer> verdict = new CompletableFuture<>();
        ScheduledFuture<?> timer = timers.schedule(() -> settle(number, Verdict.TIMED_OUT),
                timeout.toMillis(), TimeUnit.MILLISECONDS);
        long chars = chars(shown);
        String head = chars <= ARGS_SHOWN_CHARS_MAX ? shown : shown.substring(0, shown.offsetByCodePoints(0, ARGS_SHOWN_CHARS_MAX));
        waiting.put(number, new Waiting("a" + number, request, grant, clock.instant(), head, chars, verdict, timer));
        return Optional.of(verdict);
    }

    /**
     * {@code bxctl approve ID}: takes the call off the list (so its timer cannot answer it too),
     * decides it again with {@code recheck}, and answers it approved or not allowed; empty when no
     * such call is waiting.
     */
    public Optional<Answer> approve(String id, SecondDecision recheck) {
        Waiting w = number(id).map(waiting::remove).orElse(null);
        if (w == null) {
            return Optional.empty();
        }
        w.timer().cancel(false);
        Answer answer;
        try {
            answer = recheck.why(w.request(), w.grant()).map(why -> new Answer(Verdict.NOT_ALLOWED, why))
                    .orElse(Answer.of(Verdict.APPROVED));
        } catch (RuntimeException e) {
            // The call must still get an answer; the stage fails and the client is told so.
            w.verdict().completeExceptionally(e);
            throw e;
        }
        w.verdict().complete(answer);
        return Optional.of(answer);
    }

    /** {@code bxctl deny ID}; false when no such call is waiting. */
    public boolean deny(String id) {
        return number(id).map(n -> settle(n, Verdict.DENIED)).orElse(false);
    }

    public int size() {
        return waiting.size();
    }

    /**
     * One line per waiting call: id, session, tool, grant, how long, and the first
     * {@link #ARGS_SHOWN_CHARS_MAX} characters of the arguments (escaped); when that is not all of
     * them, the line says so, how many characters it hides, and how to see them whole ({@link #show}).
     */
    public String list() {
        List<String> lines = new ArrayList<>();
        Instant now = clock.instant();
        for (Waiting w : waiting.values()) {
            lines.add(about(w, now) + w.head()
                    + (w.chars() > ARGS_SHOWN_CHARS_MAX ? Sentences.argsCut(w.chars() - ARGS_SHOWN_CHARS_MAX, w.id()) : ""));
        }
        return lines.isEmpty() ? Sentences.NO_APPROVALS : String.join("\n", lines);
    }

    /**
     * {@code bxctl approvals ID}: the list's line for the call with its arguments whole (escaped, at
     * most {@link #ARGS_WHOLE_CHARS_MAX} characters) on the next line; empty when no such call waits.
     */
    public Optional<String> show(String id) {
        Optional<Waiting> found = number(id).map(waiting::get);
        return found.map(w -> about(w, clock.instant()) + Sentences.argsWhole(w.chars()) + "\n" + shown(w.request()));
    }

    private static String about(Waiting w, Instant now) {
        return w.id() + "  session " + w.request().session() + "  " + Escape.escapeLine(w.request().tool())
                + "  grant " + w.grant().id() + "  waiting " + Duration.between(w.since(), now).toSeconds() + "s  ";
    }

    /** A waiting call as {@code bxctl approvals --json} gives it: its request whole and since when it waits. */
    public record Pending(String id, ToolRequest request, String grant, Instant since, long waitingSeconds) {
    }

    /** Every waiting call, oldest first, for {@code --json}. */
    public List<Pending> pending() {
        Instant now = clock.instant();
        return waiting.values().stream().map(w -> pending(w, now)).toList();
    }

    /** The waiting call {@code id}, for {@code --json}; empty when no such call waits. */
    public Optional<Pending> pending(String id) {
        Instant now = clock.instant();
        return number(id).map(waiting::get).map(w -> pending(w, now));
    }

    private static Pending pending(Waiting w, Instant now) {
        return new Pending(w.id(), w.request(), w.grant().id(), w.since(), Duration.between(w.since(), now).toSeconds());
    }

    private boolean settle(long number, Verdict verdict) {
        Waiting w = waiting.remove(number);
        if (w == null) {
            return false;
        }
        w.timer().cancel(false);
        w.verdict().complete(Answer.of(verdict));
        return true;
    }

    private static Optional<Long> number(String id) {
        if (!id.matches("a[1-9][0-9]{0,17}")) {
            return Optional.empty();
        }
        return Optional.of(Long.parseLong(id.substring(1)));
    }

    /** Calls still waiting are answered that brokerd stops, so each client gets its answer; their timers go. */
    @Override
    public void close() {
        for (Long number : List.copyOf(waiting.keySet())) {
            settle(number, Verdict.STOPPED);
        }
    }
}
