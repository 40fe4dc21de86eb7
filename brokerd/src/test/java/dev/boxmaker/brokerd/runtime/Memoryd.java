package dev.boxmaker.brokerd.runtime;

import dev.boxmaker.memoryd.Assembly;
import dev.boxmaker.memoryd.check.Check;
import dev.boxmaker.memoryd.config.MemorydSettings;
import dev.boxmaker.memoryd.home.MemoryHome;
import dev.boxmaker.memoryd.index.MemoryIndex;
import dev.boxmaker.memoryd.recall.Recall;
import dev.boxmaker.memoryd.recall.RecallLog;
import dev.boxmaker.memoryd.index.search.Searcher;
import dev.boxmaker.memoryd.sockets.MemoryCallHandler;
import dev.boxmaker.memoryd.threads.MemorydThreads;
import dev.boxmaker.memoryd.tool.MemoryStore;
import dev.boxmaker.proto.server.AsyncHandler;
import dev.boxmaker.proto.server.SocketServer;
import dev.boxmaker.proto.wire.msg.MemoryCall;
import dev.boxmaker.proto.wire.msg.Message;
import dev.boxmaker.proto.wire.msg.ToolResponse;
import io.vertx.core.Vertx;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CompletionStage;
import java.util.function.Function;

/**
 * memoryd for brokerd's tests, in this JVM on the same home. {@link #real} is memoryd's own
 * {@code MemorydSockets}. {@link #withRecall} serves brokerd's socket with memoryd's real
 * {@code memory_call} handler for {@code memory} and a scripted answer for {@code recall}, so a
 * test can choose the hits (a tainted one, say); it records every call it gets.
 */
final class Memoryd implements AutoCloseable {
    final MemoryStore store;
    final MemorydSettings settings;
    final List<MemoryCall> calls = new CopyOnWriteArrayList<>();
    private final MemoryIndex index;
    private final AutoCloseable server;
    /** The index's and the recall log's threads, made as memoryd's assembly makes them; closed last. */
    private final MemorydThreads threads;

    private Memoryd(MemorydSettings settings, MemoryStore store, MemoryIndex index, AutoCloseable server,
            MemorydThreads threads) {
        this.settings = settings;
        this.store = store;
        this.index = index;
        this.server = server;
        this.threads = threads;
    }

    private static MemoryIndex index(MemorydSettings settings, MemorydThreads threads) throws IOException {
        return MemoryIndex.open(MemoryIndex.Config.of(settings), threads);
    }

    private static MemorydSettings settings(Path home) throws IOException {
        Path toml = home.resolve("memoryd.toml");
        Files.writeString(toml, "[paths]\nhome = \"" + home + "\"\n");
        MemorydSettings settings = MemorydSettings.load(Optional.of(toml), Map.of());
        MemoryHome.prepare(settings);
        return settings;
    }

    private static MemoryStore store(MemorydSettings settings) throws IOException {
        return new MemoryStore(settings.memoryDir(), text -> Check.firstRefusal(text).map(Check.Refusal::sentence),
                Clock.systemUTC());
    }

    static Memoryd real(Vertx vertx, Path home) throws IOException {
        MemorydSettings settings = settings(home);
        MemoryStore store = store(settings);
        MemorydThreads threads = MemorydThreads.start();
        MemoryIndex index = index(settings, threads);
        return new Memoryd(settings, store, index, Assembly.sockets(vertx, settings, store, index), threads);
    }

    static Memoryd withRecall(Vertx vertx, Path home, Function<MemoryCall, ToolResponse> recall) throws IOException {
        MemorydSettings settings = settings(home);
        MemoryStore store = store(settings);
        MemorydThreads threads = MemorydThreads.start();
        MemoryIndex index = index(settings, threads);
        MemoryCallHandler real = new MemoryCallHandler(store, new Recall(new Searcher(index),
                new RecallLog(settings.memoryDir(), threads.recallLogFlush()), Clock.systemUTC(), settings.owner()));
        store.onNotesChanged(index::notesChanged);
        Memoryd[] self = new Memoryd[1];
        AsyncHandler<MemoryCall> handler = call -> {
            self[0].calls.add(call);
            // recall and ask_memory are answered by the test; memory by memoryd's real code.
            Message reply = !call.request().tool().equals("memory") ? recall.apply(call) : real.handle(call);
            CompletionStage<Message> done = CompletableFuture.completedFuture(reply);
            return done;
        };
        SocketServer server = new SocketServer(vertx, settings.brokerSocket(), "fake memoryd", Map.of(MemoryCall.KIND, handler));
        server.start();
        self[0] = new Memoryd(settings, store, index, server, threads);
        return self[0];
    }

    String file(String name) throws IOException {
        return Files.readString(settings.memoryDir().resolve(name));
    }

    @Override
    public void close() throws Exception {
        server.close();
        index.close();
        threads.close();
    }
}
