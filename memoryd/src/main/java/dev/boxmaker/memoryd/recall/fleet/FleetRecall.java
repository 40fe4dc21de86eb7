package dev.boxmaker.memoryd.recall.fleet;

import dev.boxmaker.memoryd.sentences.RecallSentences;
import dev.boxmaker.memoryd.config.HonchoSettings;
import dev.boxmaker.memoryd.honcho.client.HonchoClient;
import dev.boxmaker.memoryd.honcho.client.HonchoTimeouts;
import dev.boxmaker.memoryd.honcho.client.HonchoWire;
import dev.boxmaker.proto.DataClass;
import dev.boxmaker.proto.text.Escape;
import dev.boxmaker.proto.text.Sanitize;
import dev.boxmaker.memoryd.honcho.client.CallPool;
import dev.boxmaker.memoryd.threads.MemorydThreads;
import io.smallrye.mutiny.Uni;
import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.concurrent.ThreadPoolExecutor;
import org.jboss.logging.Logger;

/**
 * recall's Honcho sources (the M5c spec, section 8), searched in parallel: each call on the
 * {@link CallPool}, each with its own limit ({@link #SOURCE_LIMIT_SECONDS}), so a source that fails
 * or hangs is one unavailable line and the rest answer. The agent's own workspaces are never searched,
 * nor the agent's own notes in the fleet (the local index holds them with exact labels). Text is
 * neutralised the moment it arrives.
 */
public final class FleetRecall implements AutoCloseable {
    private static final Logger LOG = Logger.getLogger(FleetRecall.class);

    /** Each Honcho source's limit: past it, the source is unavailable. */
    public static final long SOURCE_LIMIT_SECONDS = 5;
    /** The longest text kept of a hit on arrival, in code points: Honcho's own message limit. */
    public static final int ARRIVAL_CHARS_MAX = 25_000;
    /**
     * The read clients' limits: a call ends by itself soon after its source's limit even if nothing
     * cancelled it, and is not tried again (a second try could not fit in the limit).
     */
    static final HonchoTimeouts READ_TIMEOUTS = new HonchoTimeouts(Duration.ofSeconds(SOURCE_LIMIT_SECONDS),
            Duration.ofSeconds(SOURCE_LIMIT_SECONDS), Duration.ofSeconds(SOURCE_LIMIT_SECONDS), 0, Duration.ZERO);

    private final List<FleetSource> sources;
    private final String agent;
    private final String owner;
    private final Duration limit;
    /** Enough for a recall's calls (three per read workspace, one for the fleet) and one more recall's. */
    static final int READ_THREADS_MAX = MemorydThreads.HONCHO_RECALL_THREADS;

    private final CallPool pool;
    private final java.util.concurrent.atomic.AtomicInteger limitsPassed = new java.util.concurrent.atomic.AtomicInteger();

    FleetRecall(List<FleetSource> sources, String agent, String owner, Duration limit, ThreadPoolExecutor calls) {
        this.pool = new CallPool(calls, CallPool.Running.INTERRUPTED);
        this.sources = List.copyOf(sources);
        this.agent = agent;
        this.owner = owner;
        this.limit = limit;
    }

    /** The sources of {@code honcho}: each {@code [[honcho.read]]} in order, then the fleet. */
    public static FleetRecall open(HonchoSettings honcho, ThreadPoolExecutor calls) {
        return open(honcho, READ_TIMEOUTS, Duration.ofSeconds(SOURCE_LIMIT_SECONDS), calls);
    }

    /** Its calls run on {@code calls} ({@code MemorydThreads#honchoRecall}). */
    static FleetRecall open(HonchoSettings honcho, HonchoTimeouts timeouts, Duration limit, ThreadPoolExecutor calls) {
        URI url = honcho.url();
        List<FleetSource> sources = new ArrayList<>();
        List<String> own = List.of(honcho.trusted(), honcho.untrusted());
        for (HonchoSettings.ReadWorkspace read : honcho.reads()) {
            if (own.contains(read.workspace()) || read.agent().equals(honcho.agent())) {
                LOG.warn(RecallSentences.readWorkspaceIsOwn(read.agent(), read.workspace()));
                continue;
            }
            if (read.workspace().equals(honcho.fleet())) {
                continue; // searched as the fleet, with the fleet's tag
            }
            sources.add(new FleetSource(RecallSentences.agentSource(read.agent()), HonchoClient.create(url, read.workspace(),
                    honcho.key(HonchoSettings.readKey(read)), timeouts), read.trusted(), read.dataClass(),
                    Optional.of(read.agent())));
        }
        sources.add(new FleetSource(RecallSentences.FLEET_SOURCE, HonchoClient.create(url, honcho.fleet(),
                honcho.key(HonchoSettings.FLEET_KEY), timeouts), false, DataClass.PRIVATE, Optional.empty()));
        return new FleetRecall(sources, honcho.agent(), honcho.owner(), limit, calls);
    }

    /** The owner's peer, whom headers name "the owner". */
    public String owner() {
        return owner;
    }

    /** The sources, in the order their hits are interleaved. */
    public List<FleetSource> sources() {
        return sources;
    }

    /**
     * Every source's answer for {@code query}, at most {@code k} hits each, in {@link #sources}'s order;
     * nothing runs until subscribed. Never fails: a source that did not answer says so.
     */
    public Uni<List<FleetAnswer>> search(String query, int k) {
        List<Uni<FleetAnswer>> answers = sources.stream().map(s -> source(s, query, k)).toList();
        return Uni.combine().all().unis(answers).with(list -> list.stream().map(FleetAnswer.class::cast).toList());
    }

    private Uni<FleetAnswer> source(FleetSource s, String query, int k) {
        List<Uni<Optional<List<FleetHit>>>> calls = new ArrayList<>();
        if (s.fleet()) {
            // Twice k: the agent's own notes are dropped, and k of the others should still come back.
            calls.add(call(() -> notes(s, s.client().search(query, Math.min(2 * k, 100), null))));
        } else {
            String peer = s.agentPeer().orElseThrow();
            calls.add(call(() -> conclusions(s, s.client().queryConclusions(query, k, peer, peer))));
            calls.add(call(() -> conclusions(s, s.client().queryConclusions(query, k, owner, owner))));
            calls.add(call(() -> messages(s, s.client().search(query, k, null))));
        }
        return Uni.combine().all().unis(calls).with(results -> {
            List<List<FleetHit>> lists = new ArrayList<>();
            boolean answered = true;
            for (Object r : results) {
                @SuppressWarnings("unchecked")
                Optional<List<FleetHit>> hits = (Optional<List<FleetHit>>) r;
                answered &= hits.isPresent();
                hits.ifPresent(lists::add);
            }
            return new FleetAnswer(s.name(), interleave(lists, k), answered);
        });
    }

    /** One blocking call on the pool, within the limit; empty if it failed or the limit passed. */
    private Uni<Optional<List<FleetHit>>> call(Callable<List<FleetHit>> work) {
        return pool.run(work).ifNoItem().after(limit).fail()
                .map(Optional::of)
                .onFailure().recoverWithItem(e -> {
                    if (e instanceof io.smallrye.mutiny.TimeoutException) {
                        limitsPassed.incrementAndGet();
                    }
                    LOG.debugf("a recall source did not answer: %s", e.getClass().getSimpleName());
                    return Optional.empty();
                });
    }

    private List<FleetHit> notes(FleetSource s, List<HonchoWire.Message> found) {
        return found.stream().filter(m -> !agent.equals(m.peerId()))
                .map(m -> hit(s, FleetHit.Kind.NOTE, m.peerId(), m.content(), m.createdAt())).toList();
    }

    private List<FleetHit> messages(FleetSource s, List<HonchoWire.Message> found) {
        return found.stream().map(m -> hit(s, FleetHit.Kind.MESSAGE, m.peerId(), m.content(), m.createdAt())).toList();
    }

    private List<FleetHit> conclusions(FleetSource s, List<HonchoWire.Conclusion> found) {
        return found.stream()
                .map(c -> hit(s, FleetHit.Kind.CONCLUSION, c.observedId(), c.content(), c.createdAt())).toList();
    }

    /** A hit as it arrives: its text cut, then neutralised. */
    private static FleetHit hit(FleetSource s, FleetHit.Kind kind, String peer, String text, String createdAt) {
        return new FleetHit(s.name(), kind, peer == null ? "" : peer, s.trusted(), s.dataClass(),
                Sanitize.neutralise(Escape.cut(text, ARRIVAL_CHARS_MAX)), createdAt);
    }

    /** Each list in its own order, taken in turn, at most {@code k} in all: the first list's first. */
    public static <T> List<T> interleave(List<List<T>> lists, int k) {
        List<T> out = new ArrayList<>(k);
        int longest = lists.stream().mapToInt(List::size).max().orElse(0);
        for (int i = 0; i < longest && out.size() < k; i++) {
            for (List<T> list : lists) {
                if (i < list.size() && out.size() < k) {
                    out.add(list.get(i));
                }
            }
        }
        return out;
    }

    /** The calls that ended because their source's limit passed (not by a failure of their own). */
    public int limitsPassed() {
        return limitsPassed.get();
    }

    /** Threads running a Honcho call now: none once every recall has its answer, even from a hung Honcho. */
    public int activeCalls() {
        return pool.active();
    }

    @Override
    public void close() {
        pool.close();
        sources.forEach(s -> s.client().close());
    }
}
