package dev.boxmaker.loopd;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.net.httpserver.HttpServer;
import dev.boxmaker.loopd.model.ModelClient;
import dev.boxmaker.proto.wire.msg.ErrorReply;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.Arrays;
import java.util.concurrent.CountDownLatch;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The bounds of one model call (loopd.md, "The model"; {@code [model] timeout}, "the longest one model
 * call may take"): a reply that stops halfway, or one that never ends, fails the turn within them
 * rather than holding it, and the memory of loopd, without end.
 */
class ModelReplyLimitsTest {
    private final CountDownLatch stop = new CountDownLatch(1);
    private final java.util.concurrent.atomic.AtomicInteger requests = new java.util.concurrent.atomic.AtomicInteger();
    private HttpServer server;

    @AfterEach
    void stopServer() {
        stop.countDown();
        if (server != null) {
            server.stop(0);
        }
    }

    @Test
    void aReplyThatStopsHalfwayFailsTheTurnAtTheTimeoutWithoutTryingAgain() throws Exception {
        try (LoopdHome t = LoopdHome.create("timeout = \"2s\"\n")) {
            String url = serve(t, "{\"choices\":[{\"message\":", out -> stop.await());

            ErrorReply error = (ErrorReply) t.turn("chat-1", "hello");

            assertThat(error).isEqualTo(new ErrorReply("your message is already in the session's log, so do not send it again: the model at " + url + " did not answer within its timeout of"
                    + " 2 s; check that it runs, or raise [model] timeout (runbook model-unavailable)", "model-unavailable"));
            assertThat(requests.get()).isEqualTo(1);
            assertThat(t.log("chat-1")).hasSize(1);
        }
    }

    @Test
    void aReplyThatNeverEndsIsCutAtTheLimitAndFailsTheTurn() throws Exception {
        try (LoopdHome t = LoopdHome.create("timeout = \"1m\"\n")) {
            String url = serve(t, "{\"choices\":", out -> {
                byte[] spaces = new byte[64 * 1024];
                Arrays.fill(spaces, (byte) ' ');
                while (stop.getCount() > 0) {
                    out.write(spaces);
                }
            });

            ErrorReply error = (ErrorReply) t.turn("chat-1", "hello");

            assertThat(error).isEqualTo(new ErrorReply("your message is already in the session's log, so do not send it again: the model at " + url + " answered something that is not a chat"
                    + " completion (larger than " + ModelClient.REPLY_BYTES_MAX + " bytes); check that it is"
                    + " OpenAI-compatible (runbook model-unavailable)", "model-unavailable"));
            assertThat(t.log("chat-1")).hasSize(1);
        }
    }

    /** The rest of a reply, after its start was sent. */
    interface Rest {
        void write(OutputStream out) throws IOException, InterruptedException;
    }

    /**
     * Starts a model that answers HTTP 200 with {@code start} and then {@code rest}, points loopd at
     * it, and starts loopd; the model's URL.
     */
    private String serve(LoopdHome t, String start, Rest rest) throws IOException {
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.createContext("/v1/chat/completions", exchange -> {
            try {
                exchange.getRequestBody().readAllBytes();
                requests.incrementAndGet();
                exchange.sendResponseHeaders(200, 0);
                OutputStream out = exchange.getResponseBody();
                out.write(start.getBytes(StandardCharsets.UTF_8));
                out.flush();
                rest.write(out);
            } catch (InterruptedException | IOException e) {
                // The client went away, or the test is over.
            } finally {
                exchange.close();
            }
        });
        server.setExecutor(java.util.concurrent.Executors.newCachedThreadPool(r -> {
            Thread thread = new Thread(r, "model-limits-test");
            thread.setDaemon(true);
            return thread;
        }));
        server.start();
        String base = "http://127.0.0.1:" + server.getAddress().getPort();
        Files.writeString(t.home.resolve("loopd.toml"), Files.readString(t.home.resolve("loopd.toml"))
                .replace(t.model.url().toString(), base));
        t.start();
        return base + "/v1/chat/completions";
    }
}
