package dev.boxmaker.loopd;

import static org.assertj.core.api.Assertions.assertThat;

import dev.boxmaker.loopd.testing.ScriptedModel.Reply;
import dev.boxmaker.proto.SessionId;
import dev.boxmaker.proto.wire.msg.ErrorReply;
import dev.boxmaker.proto.wire.msg.TurnReply;
import java.nio.file.Files;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.logging.Handler;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The model (loopd.md, "The model"): retries on connection errors and 5xx, a 4xx fails at once, no body logged. */
class ModelFailureTest {
    static final String BODY = "PROMPT-ECHO the owner's words";

    private final List<String> logged = new CopyOnWriteArrayList<>();
    private final Handler capture = new Handler() {
        @Override
        public void publish(LogRecord record) {
            Object[] params = record.getParameters();
            logged.add(record.getMessage() + (params == null ? "" : List.of(params).toString()));
        }

        @Override
        public void flush() {
        }

        @Override
        public void close() {
        }
    };

    @BeforeEach
    void listen() {
        Logger.getLogger("dev.boxmaker").addHandler(capture);
    }

    @AfterEach
    void unlisten() {
        Logger.getLogger("dev.boxmaker").removeHandler(capture);
    }

    @Test
    void aModelThatIsDownFailsTheTurnAfterThreeTries() throws Exception {
        try (LoopdHome t = LoopdHome.create().start()) {
            String url = t.model.url() + "/v1/chat/completions";
            t.model.close();

            ErrorReply error = (ErrorReply) t.turn("chat-1", "hello");

            assertThat(error).isEqualTo(new ErrorReply("your message is already in the session's log, so do not send it"
                    + " again: the model at " + url + " did not answer after 3 tries (ConnectException); check that it"
                    + " runs (runbook model-unavailable)", "model-unavailable"));
            assertThat(logged.stream().filter(l -> l.contains("did not answer (try"))).hasSize(3);
            // What the sentence says: the message is in the log, as the turn's only record.
            assertThat(t.log("chat-1")).singleElement()
                    .satisfies(line -> assertThat(line).contains("\"type\":\"user\"", "\"content\":\"hello\""));
        }
    }

    @Test
    void a500IsTriedAgainAndThe200Answers() throws Exception {
        try (LoopdHome t = LoopdHome.create().start()) {
            t.model.add(Reply.status(500, BODY), Reply.text("fine"));

            assertThat(t.turn("chat-1", "hello")).isEqualTo(new TurnReply(SessionId.of("chat-1"), 1, "fine"));
            assertThat(t.model.requests()).hasSize(2);
            assertThat(t.model.requests().get(1).body()).isEqualTo(t.model.requests().get(0).body());
            assertThat(logged).noneMatch(l -> l.contains("PROMPT-ECHO"));
        }
    }

    @Test
    void a500ThreeTimesFailsTheTurn() throws Exception {
        try (LoopdHome t = LoopdHome.create().start()) {
            t.model.add(Reply.status(503, BODY), Reply.status(503, BODY), Reply.status(503, BODY));

            ErrorReply error = (ErrorReply) t.turn("chat-1", "hello");

            assertThat(error.message()).isEqualTo("your message is already in the session's log, so do not send it again: the model at " + t.model.url() + "/v1/chat/completions failed with"
                    + " HTTP 503 after 3 tries; check its log (runbook model-unavailable)");
            assertThat(t.model.requests()).hasSize(3);
        }
    }

    @Test
    void a400FailsTheTurnAtOnceWithTheStatusAndNoBodyInTheLog() throws Exception {
        try (LoopdHome t = LoopdHome.create().start()) {
            t.model.add(Reply.status(400, "{\"error\":\"" + BODY + "\"}"));

            ErrorReply error = (ErrorReply) t.turn("chat-1", "hello");

            assertThat(error).isEqualTo(new ErrorReply("your message is already in the session's log, so do not send it again: the model at " + t.model.url() + "/v1/chat/completions refused"
                    + " the request with HTTP 400; check [model] name and api_key (runbook model-unavailable)",
                    "model-unavailable"));
            assertThat(t.model.requests()).hasSize(1);
            assertThat(logged).anyMatch(l -> l.contains("refused the request with HTTP") && l.contains("400"));
            assertThat(logged).noneMatch(l -> l.contains("PROMPT-ECHO"));
            assertThat(String.join("\n", t.log("chat-1"))).doesNotContain("PROMPT-ECHO");
        }
    }

    @Test
    void aReplyWhoseToolCallsAreNotAListFailsTheTurnAsNotAChatCompletion() throws Exception {
        try (LoopdHome t = LoopdHome.create().start()) {
            t.model.add(Reply.status(200, "{\"choices\":[{\"message\":{\"role\":\"assistant\",\"content\":null,"
                    + "\"tool_calls\":{\"id\":\"c1\",\"function\":{\"name\":\"clock\",\"arguments\":\"{}\"}}}}]}"));

            ErrorReply error = (ErrorReply) t.turn("chat-1", "hello");

            assertThat(error).isEqualTo(new ErrorReply("your message is already in the session's log, so do not send it again: the model at " + t.model.url() + "/v1/chat/completions answered"
                    + " something that is not a chat completion (tool_calls is not a list); check that it is"
                    + " OpenAI-compatible (runbook model-unavailable)", "model-unavailable"));
            assertThat(t.log("chat-1")).hasSize(1);
        }
    }

    @Test
    void theApiKeyIsSentAsABearerTokenAndNeverLogged() throws Exception {
        try (LoopdHome t = withKey("sk-test-123\n", "rw-------")) {
            t.start();
            t.model.add(Reply.status(401, "{}"));

            t.turn("chat-1", "hello");

            assertThat(t.model.requests().get(0).authorization()).isEqualTo("Bearer sk-test-123");
            assertThat(t.settings.toString()).doesNotContain("sk-test");
            assertThat(logged).noneMatch(l -> l.contains("sk-test"));
        }
    }

    @Test
    void aKeyFileWithACarriageReturnStopsStartUpWithoutShowingTheKey() throws Exception {
        // Written by an editor that ends lines with CRLF: an HTTP header cannot carry the \r, and the
        // JDK's refusal of such a header quotes the whole value, the key with it.
        try (LoopdHome t = withKey("sk-test-123\r\n", "rw-------")) {
            org.assertj.core.api.Assertions.assertThatThrownBy(t::load).hasMessage("the secret file "
                    + t.home.resolve("secrets/llm.key") + " holds a character a bearer token cannot carry (a carriage"
                    + " return, a second line, or one outside printable ASCII); write the key alone on one line");
            assertThat(logged).noneMatch(l -> l.contains("sk-test"));
        }
    }

    @Test
    void aSecretFileReadableByOthersStopsStartUp() throws Exception {
        try (LoopdHome t = withKey("sk-test-123\n", "rw-r--r--")) {
            org.assertj.core.api.Assertions.assertThatThrownBy(t::load).hasMessage("the secret file "
                    + t.home.resolve("secrets/llm.key") + " must be mode 0600 or 0400; it is rw-r--r--");
        }
    }

    /** A home whose loopd.toml names the key in {@code secrets/llm.key}, which holds {@code text} with {@code mode}. */
    private static LoopdHome withKey(String text, String mode) throws java.io.IOException {
        LoopdHome t = LoopdHome.create("api_key = \"llm\"\n[secrets.llm]\nfile = \"llm.key\"\n");
        Files.createDirectories(t.home.resolve("secrets"));
        Files.writeString(t.home.resolve("secrets/llm.key"), text);
        Files.setPosixFilePermissions(t.home.resolve("secrets/llm.key"), PosixFilePermissions.fromString(mode));
        return t;
    }
}
