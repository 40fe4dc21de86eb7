package dev.boxmaker.loopd;

import com.fasterxml.jackson.databind.JsonNode;
import com.sun.net.httpserver.HttpServer;
import dev.boxmaker.loopd.baseline.NoMemory;
import dev.boxmaker.loopd.config.LoopdSettings;
import dev.boxmaker.loopd.turn.Turns;
import dev.boxmaker.proto.Json;
import dev.boxmaker.proto.SessionId;
import dev.boxmaker.proto.log.SessionLogs;
import dev.boxmaker.proto.wire.msg.Turn;
import dev.boxmaker.proto.wire.msg.TurnReply;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * {@code loopd self-test}: starts nothing external. A baseline with {@link NoMemory} on a temporary
 * home, one turn against an in-process model that first calls {@code clock} and then answers, and a
 * line for each thing checked. Exit code 0 when every check holds.
 */
final class SelfTest {
    /** The self-test's whole turn; the model answers at once, so this is generous. */
    static final long TURN_WAIT_SECONDS = 30;
    static final String ANSWER = "self-test answer";

    private static final String CLOCK_CALL = "{\"choices\":[{\"message\":{\"role\":\"assistant\",\"content\":null,"
            + "\"tool_calls\":[{\"id\":\"call_1\",\"type\":\"function\",\"function\":{\"name\":\"clock\",\"arguments\":\"{}\"}}]}}]}";
    private static final String TEXT = "{\"choices\":[{\"message\":{\"role\":\"assistant\",\"content\":\"" + ANSWER + "\"}}]}";

    private SelfTest() {
    }

    static int run(PrintStream out) {
        Path home = null;
        HttpServer model = null;
        List<String> requests = new ArrayList<>();
        try {
            home = Files.createTempDirectory(Path.of("/tmp"), "bxl");
            model = scripted(requests);
            LoopdSettings settings = LoopdSettings.load(Optional.empty(), Map.of("BOXMAKER_HOME", home.toString()))
                    .withModel(URI.create("http://127.0.0.1:" + model.getAddress().getPort() + "/v1/chat/completions"));
            SessionId id = SessionId.of("selftest-1");
            TurnReply reply;
            try (Turns turns = Loopd.open(settings, new NoMemory(), 1, Clock.systemUTC())) {
                reply = turns.submit(new Turn(id, "hello", "owner")).get(TURN_WAIT_SECONDS, TimeUnit.SECONDS);
            }
            boolean ok = check(out, "the turn was answered", reply.text().equals(ANSWER));
            ok &= check(out, "the baseline was written", Files.exists(SessionLogs.dir(home, id).resolve("0.baseline.json")));
            List<String> lines = Files.readAllLines(SessionLogs.file(home, id), StandardCharsets.UTF_8);
            ok &= check(out, "the log holds user, assistant, tool_result, assistant", lines.size() == 4);
            ok &= check(out, "the model was called twice, with clock answered locally", requests.size() == 2);
            ok &= check(out, "the second prompt extends the first byte for byte", requests.size() == 2 && extendsPrompt(requests));
            out.println(ok ? "self-test passed" : "self-test FAILED");
            return ok ? 0 : 1;
        } catch (Exception e) {
            out.println("self-test FAILED: " + e);
            return 1;
        } finally {
            if (model != null) {
                model.stop(0);
            }
            delete(home);
        }
    }

    private static boolean check(PrintStream out, String what, boolean held) {
        out.println((held ? "ok      " : "FAILED  ") + what);
        return held;
    }

    private static boolean extendsPrompt(List<String> requests) throws IOException {
        JsonNode first = Json.MAPPER.readTree(requests.get(0)).get("messages");
        JsonNode second = Json.MAPPER.readTree(requests.get(1)).get("messages");
        String a = first.toString();
        String b = second.toString();
        return b.startsWith(a.substring(0, a.length() - 1) + ",");
    }

    private static HttpServer scripted(List<String> requests) throws IOException {
        // The JDK's server writes a reply's headers and body apart; without TCP_NODELAY the body waits
        // for the client's delayed ACK, about 40 ms a call. Read when the server class first loads.
        System.setProperty("sun.net.httpserver.nodelay", "true");
        HttpServer server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.createContext("/v1/chat/completions", exchange -> {
            String body = new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
            byte[] reply;
            synchronized (requests) {
                requests.add(body);
                reply = (requests.size() == 1 ? CLOCK_CALL : TEXT).getBytes(StandardCharsets.UTF_8);
            }
            exchange.getResponseHeaders().add("Content-Type", "application/json");
            exchange.sendResponseHeaders(200, reply.length);
            try (OutputStream o = exchange.getResponseBody()) {
                o.write(reply);
            }
        });
        server.start();
        return server;
    }

    private static void delete(Path dir) {
        if (dir == null) {
            return;
        }
        try (Stream<Path> files = Files.walk(dir)) {
            files.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException e) {
            // A temporary folder left behind is harmless.
        }
    }
}
