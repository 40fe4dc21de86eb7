package dev.boxmaker.brokerd.approvals;

import static org.assertj.core.api.Assertions.assertThat;

import dev.boxmaker.brokerd.TestHome;
import dev.boxmaker.proto.DataClass;
import dev.boxmaker.proto.client.SocketClient;
import dev.boxmaker.proto.wire.Frames;
import dev.boxmaker.proto.wire.msg.BrokerAdmin;
import dev.boxmaker.proto.wire.msg.ErrorReply;
import dev.boxmaker.proto.wire.msg.Message;
import dev.boxmaker.proto.wire.msg.Outcome;
import dev.boxmaker.proto.wire.msg.ToolResponse;
import java.time.Duration;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * What the owner sees of a waiting call's arguments: the list cuts them and says so, with how much
 * is hidden and where to see it; {@code approvals ID} shows them whole, escaped; a call whose
 * arguments could not be shown whole is denied without asking.
 */
class WaitingArgsTest {
    /** Two calls alike in their first 400 characters; only the tail tells them apart. */
    static final String HEAD = "x".repeat(400);
    static final String HARMLESS = "{\"text\": \"" + HEAD + "TAIL-ONE\"}";
    static final String DANGEROUS = "{\"text\": \"" + HEAD + "rm -rf /\u200B<system>\"}";
    /** {@code {"text":""}} around the text. */
    static final int JSON_AROUND_CHARS = 11;

    private TestHome home;
    private ExecutorService clients;

    @BeforeEach
    void start() throws Exception {
        home = TestHome.create("[runtime]\nkind = \"exec\"\n[runtime.exec.echo]\ncommand = [\"/bin/cat\"]\n"
                + "[approvals]\ntimeout = \"10m\"\n").start(Duration.ofSeconds(5));
        home.grant("echo", ApprovalsTest.ASK);
        clients = Executors.newCachedThreadPool();
    }

    @AfterEach
    void stop() throws Exception {
        clients.shutdownNow();
        home.close();
    }

    private Future<Message> callLater(String call, String args) {
        return clients.submit(() -> home.send(TestHome.request("chat-1", call, "echo", args)));
    }

    private static String line(String id, String rest) {
        return Pattern.quote(id + "  session chat-1  echo  grant echo  waiting ") + "\\d+s  " + Pattern.quote(rest);
    }

    @Test
    void theListSaysTheArgumentsAreCutAndHowManyCharactersAreHidden() throws Exception {
        callLater("c1", HARMLESS);
        home.awaitWaiting(1);
        callLater("c2", DANGEROUS);
        home.awaitWaiting(2);

        String shown = "{\"text\":\"" + "x".repeat(291);
        // 9 + 400 + 8 + 2 = 419 characters, and 9 + 400 + 8 + 8 + 8 + 2 = 435 (escaped), 300 of each shown.
        assertThat(home.admin("approvals", "")).matches(
                line("a1", shown + " [the arguments are cut here, 119 characters hidden; bxctl approvals a1 shows them whole]")
                + "\n" + line("a2", shown + " [the arguments are cut here, 135 characters hidden; bxctl approvals a2 shows them whole]"));
    }

    @Test
    void arguments300CharactersLongAreShownWholeInTheList() throws Exception {
        String args = "{\"text\":\"" + "y".repeat(300 - JSON_AROUND_CHARS) + "\"}";
        callLater("c1", args);
        home.awaitWaiting(1);
        callLater("c2", "{\"text\":\"" + "y".repeat(301 - JSON_AROUND_CHARS) + "\"}");
        home.awaitWaiting(2);

        assertThat(home.admin("approvals", "")).matches(line("a1", args) + "\n"
                + line("a2", "{\"text\":\"" + "y".repeat(290) + "\" [the arguments are cut here, 1 character hidden;"
                + " bxctl approvals a2 shows them whole]"));
    }

    @Test
    void oneCallIsShownWholeWithItsTailEscaped() throws Exception {
        callLater("c1", HARMLESS);
        home.awaitWaiting(1);
        callLater("c2", DANGEROUS);
        home.awaitWaiting(2);

        assertThat(home.admin("approvals", "a2")).matches(line("a2", "arguments, whole (435 characters, escaped):\n"
                + "{\"text\":\"" + HEAD + "rm -rf /\\u{200B}‹system>\"}"));
        assertThat(home.admin("approvals", " a1 ")).matches(line("a1", "arguments, whole (419 characters, escaped):\n"
                + "{\"text\":\"" + HEAD + "TAIL-ONE\"}"));
    }

    @Test
    void aLoneSurrogateIsShownAsAnEscapeAndHidesNothing() throws Exception {
        callLater("c1", "{\"text\": \"a\\ud800b\\udc00\"}");
        home.awaitWaiting(1);
        callLater("c2", HARMLESS);
        home.awaitWaiting(2);

        assertThat(home.admin("approvals", "")).matches(line("a1", "{\"text\":\"a\\u{D800}b\\u{DC00}\"}") + "\n"
                + line("a2", "{\"text\":\"" + "x".repeat(291) + " [the arguments are cut here, 119 characters hidden;"
                + " bxctl approvals a2 shows them whole]"));
        assertThat(home.admin("approvals", "a1")).matches(line("a1", "arguments, whole (29 characters, escaped):\n"
                + "{\"text\":\"a\\u{D800}b\\u{DC00}\"}"));
    }

    @Test
    void anUnknownIdIsRefusedWithTheSentence() throws Exception {
        callLater("c1", HARMLESS);
        home.awaitWaiting(1);

        for (String id : new String[] {"a2", "a0", "x"}) {
            assertThat(SocketClient.call(home.settings.adminSocket(), new BrokerAdmin("approvals", id), TestHome.WAIT,
                    TestHome.WAIT, "t")).isEqualTo(new ErrorReply("no call \"" + id + "\" is waiting; bxctl approvals lists"
                    + " those that are", null));
        }
    }

    @Test
    void argumentsAtTheLimitAreAskedAboutAndShownWhole() throws Exception {
        String args = "{\"text\":\"" + "z".repeat(Approvals.ARGS_WHOLE_CHARS_MAX - JSON_AROUND_CHARS) + "\"}";
        Future<Message> reply = callLater("c1", args);
        home.awaitWaiting(1);

        String view = home.admin("approvals", "a1");
        assertThat(view).startsWith("a1  session chat-1  echo  grant echo  waiting ")
                .contains("  arguments, whole (2,000,000 characters, escaped):\n").endsWith("\n" + args);
        home.admin("deny", "a1");
        assertThat(((ToolResponse) reply.get(20, TimeUnit.SECONDS)).text()).isEqualTo("the owner denied this call");
    }

    @Test
    void argumentsOnePastTheLimitAreDeniedWithoutAsking() throws Exception {
        String args = "{\"text\":\"" + "z".repeat(Approvals.ARGS_WHOLE_CHARS_MAX - JSON_AROUND_CHARS + 1) + "\"}";

        ToolResponse reply = (ToolResponse) callLater("c1", args).get(20, TimeUnit.SECONDS);

        assertThat(reply).isEqualTo(new ToolResponse("c1", Outcome.DENIED, "the arguments of echo are 2,000,001 characters"
                + " when escaped, more than the 2,000,000 the owner can be shown whole, so this call is denied without asking;"
                + " shorten them", DataClass.PRIVATE, false, "echo"));
        assertThat(home.broker.approvals().size()).isZero();
        assertThat(home.auditText()).contains("\"grant\":\"echo\"", "\"decision\":\"denied\"");
    }

    @Test
    void theWholeViewFitsAFrameEvenAtSixBytesACharacter() {
        // A code point escaped and written in a JSON string takes at most 6 bytes (a backslash, u and four hex digits); the line before it is short.
        assertThat(6L * Approvals.ARGS_WHOLE_CHARS_MAX + 4_096).isLessThan(Frames.FRAME_BYTES_MAX);
    }
}
