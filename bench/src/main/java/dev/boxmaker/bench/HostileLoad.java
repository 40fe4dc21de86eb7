package dev.boxmaker.bench;

import com.sun.net.httpserver.HttpServer;
import dev.boxmaker.proto.SessionId;
import dev.boxmaker.proto.client.SocketClient;
import dev.boxmaker.proto.server.Handler;
import dev.boxmaker.proto.server.SocketServer;
import dev.boxmaker.proto.wire.msg.LoopAdmin;
import dev.boxmaker.proto.wire.msg.LoopAdminReply;
import dev.boxmaker.proto.wire.msg.MemoryBlock;
import dev.boxmaker.proto.wire.msg.MemoryBlockReply;
import dev.boxmaker.proto.wire.msg.Message;
import dev.boxmaker.proto.wire.msg.Ok;
import dev.boxmaker.proto.wire.msg.SessionUpdated;
import dev.boxmaker.proto.wire.msg.Turn;
import dev.boxmaker.proto.wire.msg.TurnReply;
import io.vertx.core.Vertx;
import io.vertx.core.VertxOptions;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Issue 27's two measures, on the packaged loopd started with {@code make run}'s heap: (1) loopd's
 * resident size while 3 turns at the text limit (65,536 characters) run at once, each held by the
 * model for a second, sampled from /proc every 20 ms; (2) the p99 of an ordinary request
 * ({@code loop_admin sessions}) on loopd's socket idle, then while 64 connections trickle one byte
 * a second (each reconnecting when the server closes it at its 10 s deadline), in the same run.
 * memoryd is a stand-in socket in this process answering {@code memory_block}; no brokerd is needed.
 * Usage: {@code HostileLoad <loopd jar> [heap, e.g. 256m] [requests] [rounds]}.
 */
public final class HostileLoad {
    private static final Duration WAIT = Duration.ofSeconds(120);
    private static final int TURN_CHARS = 65_536;
    private static final int CONCURRENT_TURNS = 3;
    private static final int TRICKLERS = 64;
    private static final long MODEL_HOLD_MILLIS = 1_000;
    private static final String REPLY = "{\"choices\":[{\"message\":{\"role\":\"assistant\",\"content\":\"ok\"}}]}";

    private HostileLoad() {
    }

    public static void main(String[] args) throws Exception {
        String heap = args.length > 1 ? args[1] : "256m";
        int requests = args.length > 2 ? Integer.parseInt(args[2]) : 2_000;
        int rounds = args.length > 3 ? Integer.parseInt(args[3]) : 5;
        Path home = BenchHomes.create("bxh");
        HttpServer model = model();
        Vertx vertx = Vertx.vertx(new VertxOptions().setPreferNativeTransport(true));
        Handler<MemoryBlock> block = r -> new MemoryBlockReply("(no memory yet)");
        Handler<SessionUpdated> updated = r -> new Ok();
        SocketServer memoryd = new SocketServer(vertx, home.resolve("run/loop-memory/memory.sock"), "bench-memoryd",
                Map.of(MemoryBlock.KIND, block, SessionUpdated.KIND, updated));
        memoryd.start();
        Files.writeString(home.resolve("loopd.toml"), "[paths]\nhome = \"" + home + "\"\n[model]\nurl = \"http://127.0.0.1:"
                + model.getAddress().getPort() + "\"\ncontext_tokens = 200000\n");
        Process loopd = new ProcessBuilder("java", "-XX:+UseSerialGC", "-Xss512k", "-XX:TieredStopAtLevel=1",
                "-Xmx" + heap, "-jar", args[0], "serve", "--config", home.resolve("loopd.toml").toString())
                .redirectErrorStream(true).redirectOutput(home.resolve("loopd.log").toFile()).start();
        Path socket = home.resolve("run/owner-loop/loop.sock");
        try {
            awaitAnswer(socket, loopd);
            System.out.printf("loopd -Xmx%s, RSS at rest after start: %,d kB%n", heap, rssKb(loopd.pid()));
            largeTurns(socket, loopd.pid(), rounds);
            trickle(socket, requests);
        } finally {
            loopd.destroy();
            loopd.waitFor();
            memoryd.close();
            vertx.close().toCompletionStage().toCompletableFuture().get();
            model.stop(0);
            BenchHomes.release(home);
        }
    }

    /** Rounds of 3 concurrent turns at the limit, each in a new session; RSS sampled throughout. */
    private static void largeTurns(Path socket, long pid, int rounds) throws Exception {
        ExecutorService clients = Executors.newFixedThreadPool(CONCURRENT_TURNS);
        AtomicBoolean sampling = new AtomicBoolean(true);
        AtomicLong peak = new AtomicLong();
        Thread sampler = new Thread(() -> {
            while (sampling.get()) {
                peak.accumulateAndGet(rssKb(pid), Math::max);
                try {
                    Thread.sleep(20);
                } catch (InterruptedException e) {
                    return;
                }
            }
        });
        sampler.start();
        try {
            for (int round = 0; round < rounds; round++) {
                List<Future<Message>> replies = new ArrayList<>();
                for (int i = 0; i < CONCURRENT_TURNS; i++) {
                    String text = ("é\uD83D\uDE00 word " + round + i).repeat(TURN_CHARS);
                    String limited = text.substring(0, text.offsetByCodePoints(0, TURN_CHARS));
                    SessionId session = SessionId.of("big-" + round + "x" + i);
                    replies.add(clients.submit(() -> SocketClient.call(socket, new Turn(session, limited, "owner"), WAIT, WAIT, "b")));
                }
                for (Future<Message> reply : replies) {
                    if (!(reply.get() instanceof TurnReply)) {
                        throw new IllegalStateException("a turn at the limit was not answered: " + reply.get());
                    }
                }
            }
        } finally {
            sampling.set(false);
            sampler.join();
            clients.shutdownNow();
        }
        System.out.printf("%d rounds of %d concurrent turns of %,d characters: peak RSS %,d kB (sampled), VmHWM %,d kB%n",
                rounds, CONCURRENT_TURNS, TURN_CHARS, peak.get(), hwmKb(pid));
    }

    /** loop_admin sessions, idle, then while 64 connections trickle a byte a second. */
    private static void trickle(Path socket, int requests) throws Exception {
        serial(socket, requests / 4);
        long[] idle = serial(socket, requests);
        AtomicBoolean trickling = new AtomicBoolean(true);
        List<Thread> tricklers = new ArrayList<>();
        for (int i = 0; i < TRICKLERS; i++) {
            Thread t = new Thread(() -> trickleOne(socket, trickling));
            t.setDaemon(true);
            t.start();
            tricklers.add(t);
        }
        Thread.sleep(3_000);
        long[] loaded = serial(socket, requests);
        trickling.set(false);
        for (Thread t : tricklers) {
            t.interrupt();
        }
        System.out.println(Stats.header());
        System.out.println(Stats.serial("loop_admin sessions, idle", idle).row());
        System.out.println(Stats.serial("same, 64 connections trickling", loaded).row());
    }

    private static long[] serial(Path socket, int n) throws Exception {
        long[] nanos = new long[n];
        for (int i = 0; i < n; i++) {
            long begin = System.nanoTime();
            Message reply = SocketClient.call(socket, new LoopAdmin("sessions", ""), WAIT, WAIT, "b");
            nanos[i] = System.nanoTime() - begin;
            if (!(reply instanceof LoopAdminReply)) {
                throw new IllegalStateException("unexpected " + reply);
            }
        }
        return nanos;
    }

    /** One byte a second of a 1 KiB frame's length and body; a new connection when the server closes it. */
    private static void trickleOne(Path socket, AtomicBoolean trickling) {
        byte[] frame = ByteBuffer.allocate(4 + 1024).putInt(1024).array();
        while (trickling.get()) {
            try (SocketChannel channel = SocketChannel.open(StandardProtocolFamily.UNIX)) {
                channel.connect(UnixDomainSocketAddress.of(socket));
                for (int i = 0; i < frame.length && trickling.get(); i++) {
                    channel.write(ByteBuffer.wrap(frame, i, 1));
                    Thread.sleep(1_000);
                }
            } catch (Exception closedOrStopped) {
                if (Thread.currentThread().isInterrupted()) {
                    return;
                }
            }
        }
    }

    private static HttpServer model() throws Exception {
        System.setProperty("sun.net.httpserver.nodelay", "true");
        HttpServer server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.setExecutor(Executors.newFixedThreadPool(8));
        server.createContext("/v1/chat/completions", exchange -> {
            exchange.getRequestBody().readAllBytes();
            try {
                Thread.sleep(MODEL_HOLD_MILLIS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            byte[] out = REPLY.getBytes(StandardCharsets.UTF_8);
            exchange.sendResponseHeaders(200, out.length);
            try (OutputStream o = exchange.getResponseBody()) {
                o.write(out);
            }
        });
        server.start();
        return server;
    }

    private static void awaitAnswer(Path socket, Process loopd) throws Exception {
        for (int i = 0; i < 600; i++) {
            try {
                SocketClient.call(socket, new LoopAdmin("sessions", ""), WAIT, WAIT, "b");
                return;
            } catch (Exception e) {
                if (!loopd.isAlive()) {
                    throw new IllegalStateException("loopd exited with " + loopd.exitValue());
                }
                Thread.sleep(100);
            }
        }
        throw new IllegalStateException("loopd did not answer within a minute");
    }

    private static long rssKb(long pid) {
        return status(pid, "VmRSS:");
    }

    private static long hwmKb(long pid) {
        return status(pid, "VmHWM:");
    }

    private static long status(long pid, String key) {
        try {
            for (String line : Files.readAllLines(Path.of("/proc/" + pid + "/status"))) {
                if (line.startsWith(key)) {
                    return Long.parseLong(line.substring(key.length()).trim().split("\\s+")[0]);
                }
            }
        } catch (Exception e) {
            return 0;
        }
        return 0;
    }
}
