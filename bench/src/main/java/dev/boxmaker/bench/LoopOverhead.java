package dev.boxmaker.bench;

import com.fasterxml.jackson.databind.JsonNode;
import com.sun.net.httpserver.HttpServer;
import dev.boxmaker.proto.Json;
import dev.boxmaker.proto.SessionId;
import dev.boxmaker.proto.client.SocketClient;
import dev.boxmaker.proto.wire.msg.Message;
import dev.boxmaker.proto.wire.msg.Turn;
import dev.boxmaker.proto.wire.msg.TurnReply;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicLong;

/**
 * loopd's own per-turn overhead: a turn's round trip on the turn socket minus the time the model
 * server spent answering, with a model in this process that answers at once. Two kinds of turn: no
 * tool call (one model call), and one {@code recall} (two model calls, the recall through the real
 * brokerd and memoryd, whose time is counted as loopd's here). The packaged memoryd, brokerd and
 * loopd run as processes on one home. Sessions are 10 turns long, so the first turn of each also
 * pays for the baseline (memory_block and a durable write).
 * Usage: {@code LoopOverhead <memoryd jar> <brokerd jar> <loopd jar> [turns]}.
 */
public final class LoopOverhead {
    private static final Duration WAIT = Duration.ofSeconds(60);
    private static final int WARMUP_TURNS = 300;
    private static final int TURNS_PER_SESSION = 10;
    private static final String TEXT = "{\"choices\":[{\"message\":{\"role\":\"assistant\",\"content\":\"ok\"}}]}";
    private static final String RECALL = "{\"choices\":[{\"message\":{\"role\":\"assistant\",\"content\":null,"
            + "\"tool_calls\":[{\"id\":\"c1\",\"type\":\"function\",\"function\":{\"name\":\"recall\","
            + "\"arguments\":\"{\\\"query\\\":\\\"launch window\\\"}\"}}]}}]}";

    private static final AtomicLong MODEL_NANOS = new AtomicLong();
    private static int sessions;

    private LoopOverhead() {
    }

    public static void main(String[] args) throws Exception {
        int turns = args.length > 3 ? Integer.parseInt(args[3]) : 2_000;
        Path home = BenchHomes.create("bxo");
        HttpServer model = model();
        Files.writeString(home.resolve("loopd.toml"), "[paths]\nhome = \"" + home + "\"\n[model]\nurl = \"http://127.0.0.1:"
                + model.getAddress().getPort() + "\"\n");
        Process memoryd = start(args[0], home, "memoryd", null);
        Process brokerd = start(args[1], home, "brokerd", null);
        Process loopd = start(args[2], home, "loopd", home.resolve("loopd.toml"));
        try {
            Path socket = home.resolve("run/owner-loop/loop.sock");
            waitFor(home.resolve("run/loop-memory/memory.sock"), memoryd);
            waitFor(home.resolve("run/loop-broker/broker.sock"), brokerd);
            waitFor(socket, loopd);
            measure(socket, "plain", WARMUP_TURNS);
            measure(socket, "/recall", WARMUP_TURNS);
            long[] plain = measure(socket, "plain", turns);
            long[] recall = measure(socket, "/recall", turns);
            System.out.println(Stats.header());
            System.out.println(Stats.serial("turn, no tool call", plain).row());
            System.out.println(Stats.serial("turn with one recall", recall).row());
        } finally {
            for (Process p : new Process[] {loopd, brokerd, memoryd}) {
                p.destroy();
                p.waitFor();
            }
            model.stop(0);
            BenchHomes.release(home);
        }
    }

    /** Answers a prompt whose last user message starts with /recall with a recall call, then text. */
    private static HttpServer model() throws Exception {
        // The JDK's server writes a reply's headers and body apart; without TCP_NODELAY the body waits
        // for the client's delayed ACK, about 40 ms a call. Read when the server class first loads.
        System.setProperty("sun.net.httpserver.nodelay", "true");
        HttpServer server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.createContext("/v1/chat/completions", exchange -> {
            long begin = System.nanoTime();
            JsonNode messages = Json.MAPPER.readTree(exchange.getRequestBody().readAllBytes()).get("messages");
            JsonNode last = messages.get(messages.size() - 1);
            boolean recall = last.get("role").textValue().equals("user") && last.get("content").textValue().startsWith("/recall");
            byte[] out = (recall ? RECALL : TEXT).getBytes(StandardCharsets.UTF_8);
            exchange.sendResponseHeaders(200, out.length);
            try (OutputStream o = exchange.getResponseBody()) {
                o.write(out);
            }
            MODEL_NANOS.addAndGet(System.nanoTime() - begin);
        });
        server.start();
        return server;
    }

    private static long[] measure(Path socket, String text, int turns) throws Exception {
        long[] nanos = new long[turns];
        for (int i = 0; i < turns; i++) {
            if (i % TURNS_PER_SESSION == 0) {
                sessions++;
            }
            Turn turn = new Turn(SessionId.of("bench-" + sessions), text, "owner");
            MODEL_NANOS.set(0);
            long begin = System.nanoTime();
            Message reply = SocketClient.call(socket, turn, WAIT, WAIT, "bench");
            nanos[i] = System.nanoTime() - begin - MODEL_NANOS.get();
            if (!(reply instanceof TurnReply)) {
                throw new IllegalStateException("unexpected reply " + reply);
            }
        }
        return nanos;
    }

    private static Process start(String jar, Path home, String name, Path config) throws Exception {
        ProcessBuilder builder = config == null
                ? new ProcessBuilder("java", "-XX:+UseSerialGC", "-jar", jar, "serve")
                : new ProcessBuilder("java", "-XX:+UseSerialGC", "-jar", jar, "serve", "--config", config.toString());
        builder.redirectErrorStream(true).redirectOutput(home.resolve(name + ".log").toFile());
        builder.environment().put("BOXMAKER_HOME", home.toString());
        return builder.start();
    }

    private static void waitFor(Path socket, Process process) throws InterruptedException {
        for (int i = 0; i < 300 && !Files.exists(socket); i++) {
            if (!process.isAlive()) {
                throw new IllegalStateException("a daemon exited with " + process.exitValue());
            }
            Thread.sleep(100);
        }
    }
}
