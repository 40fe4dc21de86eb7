package dev.boxmaker.bench;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.boxmaker.brokerd.Brokerd;
import dev.boxmaker.brokerd.config.BrokerdSettings;
import dev.boxmaker.brokerd.decide.Broker;
import dev.boxmaker.brokerd.sockets.BrokerdSockets;
import dev.boxmaker.memoryd.check.Check;
import dev.boxmaker.memoryd.config.MemorydSettings;
import dev.boxmaker.memoryd.home.MemoryHome;
import dev.boxmaker.memoryd.index.MemoryIndex;
import dev.boxmaker.memoryd.index.search.Searcher;
import dev.boxmaker.memoryd.recall.Recall;
import dev.boxmaker.memoryd.recall.RecallLog;
import dev.boxmaker.memoryd.sockets.MemoryCallHandler;
import dev.boxmaker.memoryd.threads.MemorydThreads;
import dev.boxmaker.memoryd.tool.MemoryStore;
import dev.boxmaker.proto.Json;
import dev.boxmaker.proto.SessionId;
import dev.boxmaker.proto.client.AsyncSocketClient;
import dev.boxmaker.proto.server.AsyncHandler;
import dev.boxmaker.proto.server.SocketServer;
import dev.boxmaker.proto.wire.msg.Message;
import dev.boxmaker.proto.wire.msg.MemoryCall;
import dev.boxmaker.proto.wire.msg.ToolRequest;
import dev.boxmaker.proto.wire.msg.ToolResponse;
import io.vertx.core.Vertx;
import io.vertx.core.VertxOptions;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;

/**
 * A {@code recall} through brokerd while 40 {@code ask_memory} calls wait on a chat that does not
 * answer, against the same recall with nothing waiting, alternated round by round in one run
 * (issue 34's goal: p50 within 1 ms of idle, p99 within 2x). brokerd runs in this JVM with its real
 * sockets, decisions, audit and memoryd runtime; memoryd's real {@code memory_call} handler answers the
 * recall on its own socket, and every {@code ask_memory} is held as memoryd holds it while Honcho's chat
 * hangs. Usage: {@code HungAskRecall [calls per round] [rounds]}.
 */
public final class HungAskRecall {
    private static final int ASKS_WAITING = 40;
    private static final Duration WAIT = Duration.ofSeconds(60);

    private HungAskRecall() {
    }

    public static void main(String[] args) throws Exception {
        int calls = args.length > 0 ? Integer.parseInt(args[0]) : 500;
        int rounds = args.length > 1 ? Integer.parseInt(args[1]) : 6;
        Path home = BenchHomes.create("bxh");
        Vertx vertx = Vertx.vertx(new VertxOptions().setPreferNativeTransport(true));
        AtomicInteger held = new AtomicInteger();
        AtomicReference<CompletableFuture<Message>> chat = new AtomicReference<>(new CompletableFuture<>());
        Files.writeString(home.resolve("memoryd.toml"), "[paths]\nhome = \"" + home + "\"\n");
        Files.writeString(home.resolve("brokerd.toml"), "[paths]\nhome = \"" + home + "\"\n");
        MemorydSettings memorydSettings = MemorydSettings.load(Optional.of(home.resolve("memoryd.toml")), Map.of());
        MemoryHome.prepare(memorydSettings);
        MemoryStore store = new MemoryStore(memorydSettings.memoryDir(),
                text -> Check.firstRefusal(text).map(Check.Refusal::sentence), Clock.systemUTC());
        MemoryIndex index = MemoryIndex.open(MemoryIndex.Config.of(memorydSettings), MemorydThreads.start());
        MemoryCallHandler real = new MemoryCallHandler(store, new Recall(new Searcher(index),
                new RecallLog(memorydSettings.memoryDir(), MemorydThreads.start().recallLogFlush()), Clock.systemUTC(),
                memorydSettings.owner()));
        AsyncHandler<MemoryCall> memoryd = call -> {
            if (call.request().tool().equals("ask_memory")) {
                held.incrementAndGet();
                return chat.get();
            }
            return real.handleAsync(call);
        };
        SocketServer memorySocket = new SocketServer(vertx, memorydSettings.brokerSocket(), "memoryd",
                Map.of(MemoryCall.KIND, memoryd));
        memorySocket.start();
        BrokerdSettings settings = BrokerdSettings.load(Optional.of(home.resolve("brokerd.toml")), Map.of());
        Files.createDirectories(settings.grantsDir());
        Broker broker = Brokerd.open(vertx, settings, Duration.ofSeconds(30), Duration.ofSeconds(170), Clock.systemUTC());
        BrokerdSockets sockets = BrokerdSockets.start(vertx, settings, broker);
        AsyncSocketClient loopd = new AsyncSocketClient(vertx);
        try {
            ToolRequest recall = request("recall", "{\"query\": \"launch window\", \"k\": 5}");
            SerialCalls.time(settings.loopSocket(), recall, calls, WAIT);
            List<long[]> idle = new ArrayList<>();
            List<long[]> waiting = new ArrayList<>();
            for (int r = 0; r < rounds; r++) {
                idle.add(SerialCalls.time(settings.loopSocket(), recall, calls, WAIT));
                held.set(0);
                List<CompletableFuture<Message>> asks = new ArrayList<>();
                for (int i = 0; i < ASKS_WAITING; i++) {
                    asks.add(loopd.call(settings.loopSocket(), request("ask_memory", "{\"question\": \"launch?\"}"),
                            WAIT, WAIT, "bench").subscribeAsCompletionStage());
                }
                while (held.get() < ASKS_WAITING) {
                    Thread.sleep(5);
                }
                waiting.add(SerialCalls.time(settings.loopSocket(), recall, calls, WAIT));
                CompletableFuture<Message> hung = chat.getAndSet(new CompletableFuture<>());
                hung.complete(new ToolResponse("c1", dev.boxmaker.proto.wire.msg.Outcome.FAILED, "the chat ended",
                        dev.boxmaker.proto.DataClass.PRIVATE, false, null));
                CompletableFuture.allOf(asks.toArray(CompletableFuture[]::new)).join();
            }
            System.out.println(Stats.header());
            System.out.println(Stats.serial("recall through brokerd, nothing waiting", idle).row());
            System.out.println(Stats.serial("recall through brokerd, 40 ask_memory waiting", waiting).row());
        } finally {
            loopd.close();
            broker.approvals().close();
            sockets.close();
            broker.close();
            memorySocket.close();
            index.close();
            vertx.close().toCompletionStage().toCompletableFuture().join();
            BenchHomes.release(home);
        }
    }

    private static ToolRequest request(String tool, String args) throws Exception {
        return new ToolRequest(SessionId.of("bench-1"), "c1", tool, (ObjectNode) Json.MAPPER.readTree(args));
    }
}
