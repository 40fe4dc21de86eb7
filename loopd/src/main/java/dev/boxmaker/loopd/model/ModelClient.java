package dev.boxmaker.loopd.model;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.boxmaker.loopd.sentences.Sentences;
import dev.boxmaker.proto.secrets.Secret;
import dev.boxmaker.proto.Json;
import dev.boxmaker.proto.log.ToolCall;
import io.smallrye.faulttolerance.api.Guard;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.atomic.AtomicInteger;
import org.eclipse.microprofile.faulttolerance.exceptions.TimeoutException;
import org.jboss.logging.Logger;

/**
 * One OpenAI-compatible {@code /v1/chat/completions} call, not streamed, with {@code tools} and
 * {@code tool_choice: "auto"} (loopd.md, "The model"). Connection errors and 5xx are tried again
 * twice with back-off, by a SmallRye Fault Tolerance guard that also holds each try to {@code [model]
 * timeout}; a 4xx fails at once. A failure's log line holds the status, never the body
 * (it can echo the prompt) and never the key.
 */
public final class ModelClient {
    /** Tries after the first: connection errors and 5xx only. */
    public static final int RETRIES_MAX = 2;
    /** The wait before the first retry; each later one doubles it. */
    public static final long BACKOFF_MILLIS = 1_000;
    /** The longest reply body read; a chat completion is far smaller. */
    public static final int REPLY_BYTES_MAX = 8 * 1024 * 1024;
    /** The connect wait of a model call. */
    public static final long CONNECT_SECONDS = 10;

    private static final Logger LOG = Logger.getLogger(ModelClient.class);

    private final URI url;
    private volatile String lastError;
    private final String model;
    private final Optional<Secret> apiKey;
    private final long maxReplyTokens;
    private final Duration timeout;
    private final Guard guard;
    private final HttpClient http;

    public ModelClient(URI url, String model, Optional<Secret> apiKey, long maxReplyTokens, Duration timeout,
            long backoffMillis) {
        this.url = url;
        this.model = model;
        this.apiKey = apiKey;
        this.maxReplyTokens = maxReplyTokens;
        this.timeout = timeout;
        this.guard = guard(backoffMillis, timeout);
        this.http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(CONNECT_SECONDS))
                .version(HttpClient.Version.HTTP_1_1).build();
    }

    /** The request body for this prompt; the messages are written in order, unchanged. */
    public byte[] body(List<ObjectNode> messages, ArrayNode tools) throws IOException {
        ObjectNode body = JsonNodeFactory.instance.objectNode();
        body.put("model", model);
        body.putArray("messages").addAll(messages);
        body.set("tools", tools);
        body.put("tool_choice", "auto");
        body.put("max_tokens", maxReplyTokens);
        body.put("stream", false);
        return Json.MAPPER.writeValueAsBytes(body);
    }

    /** The sentence of the latest call when it failed; null when it answered, or before the first call. */
    public String lastError() {
        return lastError;
    }

    /** Calls the model; retries as the class says; keeps the failure's sentence for {@link #lastError}. */
    public ModelReply call(List<ObjectNode> messages, ArrayNode tools) throws ModelException, InterruptedException {
        try {
            ModelReply reply = callWithRetries(messages, tools);
            lastError = null;
            return reply;
        } catch (ModelException e) {
            lastError = e.getMessage();
            throw e;
        }
    }

    private ModelReply callWithRetries(List<ObjectNode> messages, ArrayNode tools) throws ModelException, InterruptedException {
        byte[] body;
        try {
            body = body(messages, tools);
        } catch (IOException e) {
            throw new IllegalStateException("a prompt could not be written as JSON", e);
        }
        HttpRequest.Builder request = HttpRequest.newBuilder(url)
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofByteArray(body));
        apiKey.ifPresent(k -> request.header("Authorization", "Bearer " + k.value()));
        HttpRequest built = request.build();
        AtomicInteger tries = new AtomicInteger();
        try {
            return parse(guard.call(() -> tryOnce(built, tries.incrementAndGet()), byte[].class));
        } catch (Unanswered e) {
            throw new ModelException(e.status != 0 ? Sentences.modelFailed(url.toString(), e.status)
                    : Sentences.modelDown(url.toString(), e.failure));
        } catch (TimeoutException e) {
            // Not retried, as it is not a connection error: a model that took the whole timeout
            // would take it again, and three of the default 5 minutes outlast the 15 minutes a
            // client waits for a turn (wire.md).
            LOG.warnf("the model at %s did not answer within %d s", url, timeout.toSeconds());
            throw new ModelException(Sentences.modelTimedOut(url.toString(), timeout.toSeconds()));
        } catch (ModelException | InterruptedException | RuntimeException e) {
            throw e;
        } catch (Exception e) {
            // Only the class: the message could quote the request, the key with it.
            throw new IllegalStateException("the model call failed with " + e.getClass().getName());
        }
    }

    /**
     * The tries of one call (SmallRye Fault Tolerance): {@link #RETRIES_MAX} more after the first, only
     * when one ends {@link Unanswered}, {@code backoffMillis} before the second and twice that before
     * the third, with no jitter and no cap on their total; each try within {@code [model] timeout}.
     */
    private static Guard guard(long backoffMillis, Duration timeout) {
        return Guard.create().withDescription("the model call")
                .withRetry().maxRetries(RETRIES_MAX).retryOn(Unanswered.class)
                .delay(backoffMillis, ChronoUnit.MILLIS).jitter(0, ChronoUnit.MILLIS).maxDuration(0, ChronoUnit.MILLIS)
                .withExponentialBackoff().factor(2).maxDelay(0, ChronoUnit.MILLIS).done()
                .done()
                .withTimeout().duration(timeout.toMillis(), ChronoUnit.MILLIS).done()
                .build();
    }

    /**
     * Try number {@code attempt}: the body of a success; {@link Unanswered} for a connection error or a
     * 5xx, which is tried again; a {@link ModelException} for anything else, which is not.
     */
    private byte[] tryOnce(HttpRequest request, int attempt) throws ModelException, Unanswered, InterruptedException {
        HttpResponse<byte[]> response;
        try {
            response = send(request);
        } catch (ReplyBody.TooLarge e) {
            LOG.warnf("the model at %s sent a reply over %d bytes", url, REPLY_BYTES_MAX);
            throw new ModelException(Sentences.modelReplyInvalid(url.toString(), "larger than " + REPLY_BYTES_MAX + " bytes"));
        } catch (IOException e) {
            String failure = e.getClass().getSimpleName();
            LOG.warnf("the model at %s did not answer (try %d of %d): %s", url, attempt, RETRIES_MAX + 1, failure);
            throw new Unanswered(failure, 0);
        }
        int status = response.statusCode();
        if (status >= 500) {
            LOG.warnf("the model at %s answered HTTP %d (try %d of %d)", url, status, attempt, RETRIES_MAX + 1);
            throw new Unanswered(null, status);
        }
        if (status >= 400 || status < 200 || status >= 300) {
            LOG.warnf("the model at %s refused the request with HTTP %d", url, status);
            throw new ModelException(Sentences.modelRefused(url.toString(), status));
        }
        return response.body();
    }

    /**
     * One try: the reply, headers and body, with the body read up to {@link #REPLY_BYTES_MAX}. The
     * guard's timeout bounds it as a whole (a request's own timeout ends once the headers are in, and a
     * server that stops halfway through its body would hold the turn for ever): it interrupts this
     * thread, and the read is cancelled. A body that is not a success is not kept: only its status is used.
     */
    private HttpResponse<byte[]> send(HttpRequest request) throws IOException, InterruptedException {
        ReplyBody body = new ReplyBody(REPLY_BYTES_MAX);
        CompletableFuture<HttpResponse<byte[]>> pending = http.sendAsync(request, info -> info.statusCode() / 100 == 2
                ? body : HttpResponse.BodySubscribers.replacing(new byte[0]));
        try {
            return pending.get();
        } catch (InterruptedException e) {
            body.cancel();
            pending.cancel(true);
            throw e;
        } catch (ExecutionException e) {
            Throwable cause = e.getCause() instanceof CompletionException c && c.getCause() != null ? c.getCause() : e.getCause();
            if (cause instanceof IOException io) {
                throw io;
            }
            // Only the class: a runtime failure's message could quote the request, the key with it.
            throw new IllegalStateException("the model call failed with " + cause.getClass().getName());
        }
    }

    /** A try that may succeed if made again: a connection error (its class) or a 5xx (its status). */
    private static final class Unanswered extends Exception {
        final String failure;
        final int status;

        Unanswered(String failure, int status) {
            super(failure, null, false, false);
            this.failure = failure;
            this.status = status;
        }
    }

    private ModelReply parse(byte[] body) throws ModelException {
        JsonNode message;
        try {
            message = Json.MAPPER.readTree(body).path("choices").path(0).path("message");
        } catch (IOException e) {
            throw new ModelException(Sentences.modelReplyInvalid(url.toString(), "not JSON"));
        }
        if (!message.isObject()) {
            throw new ModelException(Sentences.modelReplyInvalid(url.toString(), "no choices[0].message"));
        }
        List<ToolCall> calls = new ArrayList<>();
        JsonNode list = message.path("tool_calls");
        // An object here has a size but no elements by index; read as a list it would fail the turn
        // with no sentence. None and null are a reply without tool calls.
        if (!list.isArray() && !list.isMissingNode() && !list.isNull()) {
            throw new ModelException(Sentences.modelReplyInvalid(url.toString(), "tool_calls is not a list"));
        }
        for (int i = 0; i < list.size(); i++) {
            JsonNode c = list.get(i);
            JsonNode fn = c.path("function");
            String id = c.path("id").isTextual() && !c.get("id").textValue().isEmpty() ? c.get("id").textValue() : "call_" + i;
            String name = fn.path("name").asText("");
            // The arguments are kept as the model wrote them; a server that sends an object gets it as JSON text.
            JsonNode args = fn.path("arguments");
            String text = args.isTextual() ? args.textValue() : args.isMissingNode() ? "" : args.toString();
            calls.add(new ToolCall(id, name, text));
        }
        return new ModelReply(text(message.path("content")), text(message.path("reasoning_content")), calls);
    }

    private static String text(JsonNode node) {
        return node.isTextual() ? node.textValue() : null;
    }
}
