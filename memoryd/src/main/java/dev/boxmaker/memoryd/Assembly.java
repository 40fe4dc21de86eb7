package dev.boxmaker.memoryd;

import dev.boxmaker.memoryd.admin.AdminRouter;
import dev.boxmaker.memoryd.ask.AskMemory;
import dev.boxmaker.memoryd.block.BlockBuilder;
import dev.boxmaker.memoryd.check.Check;
import dev.boxmaker.memoryd.config.MemorydSettings;
import dev.boxmaker.memoryd.home.MemoryHome;
import dev.boxmaker.memoryd.honcho.sync.HonchoSync;
import dev.boxmaker.memoryd.honcho.sync.TurnDeciding;
import dev.boxmaker.memoryd.index.MemoryIndex;
import dev.boxmaker.memoryd.index.search.Searcher;
import dev.boxmaker.memoryd.recall.Recall;
import dev.boxmaker.memoryd.recall.RecallLog;
import dev.boxmaker.memoryd.recall.fleet.FleetRecall;
import dev.boxmaker.memoryd.sockets.MemoryStatsHandler;
import dev.boxmaker.memoryd.sockets.MemorydSockets;
import dev.boxmaker.memoryd.sockets.SessionUpdatedHandler;
import dev.boxmaker.memoryd.threads.MemorydThreads;
import dev.boxmaker.memoryd.tool.MemoryStore;
import io.vertx.core.Vertx;
import java.io.IOException;
import java.time.Clock;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * The one place memoryd's objects are built and wired to each other: the store tells the index when
 * notes.md changes, session_updated reaches the index (and with {@code [honcho]} its turn decisions),
 * recall searches the index through its search seam, the admin router knows every owner command, and
 * the sockets get what their handlers call. A new source of work (a handler, a listener, an admin
 * command) is wired here, and nowhere else.
 */
public final class Assembly implements AutoCloseable {
    private final MemorydSettings settings;
    private final MemoryIndex index;
    private final Optional<HonchoSync> honcho;
    private final RecallLog recallLog;
    private final AskMemory ask;
    /** recall's Honcho sources, with {@code [honcho]} only: their clients and pool close with the sockets. */
    private final Optional<FleetRecall> fleet;
    private final MemorydSockets.Calls calls;
    /** Every thread of memoryd's own, closed last. */
    private final MemorydThreads threads;

    /**
     * Wires {@code store}, {@code index} and {@code honcho} (with {@code [honcho]}) for {@code settings},
     * each given its threads from {@code threads}, which the index and Honcho's write path run on already.
     */
    public Assembly(MemorydSettings settings, MemoryStore store, MemoryIndex index, Optional<HonchoSync> honcho,
            MemorydThreads threads) {
        this.settings = settings;
        this.index = index;
        this.honcho = honcho;
        this.threads = threads;
        store.onNotesChanged(index::notesChanged);
        BlockBuilder block = new BlockBuilder(settings.memoryDir());
        recallLog = new RecallLog(settings.memoryDir(), threads.recallLogFlush());
        fleet = settings.honcho().map(h -> FleetRecall.open(h, threads.honchoRecall()));
        Recall recall = new Recall(new Searcher(index), recallLog, Clock.systemUTC(), settings.owner(), fleet);
        // With [honcho], ask_memory shares the write path's clients (one per workspace).
        ask = honcho.isPresent() && settings.honcho().isPresent()
                ? AskMemory.of(settings.honcho().get(), honcho.get().clients(), threads.ask())
                : AskMemory.notConfigured();
        calls = new MemorydSockets.Calls(block, store, recall, ask,
                AdminRouter.of(store, block, recall, ask, index::reindexProgress, honcho),
                sessionUpdates(index, honcho.map(HonchoSync::turns)), index::reindex, figures(index));
    }

    /**
     * Who hears of session_updated: the index, and with {@code [honcho]} the turns' Honcho decisions,
     * which take the batches the index writer reads ({@link MemoryIndex#handReadingsTo}), so each record
     * is read once: their round for the update runs once the index's reading of the session is done,
     * unless the writer is busy (a reindex, a catch-up), when it reads the log itself rather than wait.
     */
    public static List<SessionUpdatedHandler.Listener> sessionUpdates(MemoryIndex index, Optional<TurnDeciding> turns) {
        if (turns.isEmpty()) {
            return List.of((session, turn) -> index.sessionUpdated(session));
        }
        TurnDeciding t = turns.get();
        index.handReadingsTo(t.readings());
        return List.of((session, turn) -> {
            boolean busy = index.writing();
            CompletableFuture<Void> read = index.sessionUpdated(session);
            if (busy) {
                t.sessionUpdated(session, turn);
            } else {
                read.whenComplete((done, failed) -> t.sessionUpdated(session, turn));
            }
        });
    }

    /**
     * memoryd at start: its threads and the index {@link Main} opened early on them (or new ones), the
     * home laid out, the store, and with {@code [honcho]} its write path (without it no ledger file is
     * made and no thread started).
     */
    static Assembly open(MemorydSettings settings) throws IOException {
        EarlyIndex.Taken taken = EarlyIndex.take(MemoryIndex.Config.of(settings));
        MemoryHome.prepare(settings);
        MemoryStore store = new MemoryStore(settings.memoryDir(),
                text -> Check.firstRefusal(text).map(Check.Refusal::sentence), Clock.systemUTC(), settings.review());
        Optional<HonchoSync> honcho = settings.honcho().isPresent()
                ? Optional.of(HonchoSync.start(settings, settings.honcho().get(), store, taken.threads()))
                : Optional.empty();
        return new Assembly(settings, store, taken.index(), honcho, taken.threads());
    }

    /**
     * A memoryd without {@code [honcho]} on {@code store} and {@code index}, its sockets started; for
     * tests that run memoryd in their own JVM. Closing the sockets leaves the index to its owner, and
     * stops the threads made here for the rest.
     */
    public static MemorydSockets sockets(Vertx vertx, MemorydSettings settings, MemoryStore store, MemoryIndex index) {
        MemorydThreads threads = MemorydThreads.start();
        return new Assembly(settings, store, index, Optional.empty(), threads).startSockets(vertx, threads::close);
    }

    /**
     * Starts every socket; closing them stops ask_memory's chats, flushes the recall log's waiting
     * lines and closes recall's Honcho sources.
     */
    public MemorydSockets startSockets(Vertx vertx) {
        return startSockets(vertx, () -> { });
    }

    private MemorydSockets startSockets(Vertx vertx, Runnable then) {
        return MemorydSockets.start(vertx, settings, calls, () -> {
            ask.close();
            // Every recall is answered now; the lines the background flush has not reached go to the disk.
            recallLog.flushNow();
            fleet.ifPresent(FleetRecall::close);
            then.run();
        });
    }

    /** {@code memory_stats}'s figures of {@code index}. */
    public static MemoryStatsHandler.IndexFigures figures(MemoryIndex index) {
        return new MemoryStatsHandler.IndexFigures() {
            @Override
            public Long records() {
                return index.records();
            }

            @Override
            public long bytes() {
                return index.fileBytes();
            }

            @Override
            public OptionalLong reindexProgress() {
                return index.reindexProgress();
            }

            @Override
            public boolean writing() {
                return index.writing();
            }
        };
    }

    public MemoryIndex index() {
        return index;
    }

    /**
     * Closes the Honcho write path, then the index, then stops every thread; after the sockets, so no
     * request reaches them any more.
     */
    @Override
    public void close() {
        honcho.ifPresent(HonchoSync::close);
        index.close();
        threads.close();
    }
}
