package dev.boxmaker.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import dev.boxmaker.bxctl.Bxctl;
import dev.boxmaker.loopd.testing.ScriptedModel.Reply;
import java.io.ByteArrayInputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * A turn whose call waits for the owner, against the packaged daemons: bxctl chat names the waiting
 * call and the commands that settle it (asking brokerd's real {@code approvals}), the owner approves
 * it with bxctl, and the same bxctl chat prints the turn's answer; {@code --last} reads it again.
 */
class ApprovalIT {
    static final String FETCH = "{\"name\":\"http_fetch\",\"arguments\":{\"url\":\"https://example.org/notes\"}}";
    static final long WAIT_SECONDS = 60;

    @Test
    void aTurnWaitingForTheOwnerSaysWhatToApproveAndAnswersOnceApproved() throws Exception {
        try (Daemons d = Daemons.start("ask")) {
            d.model.add(Reply.toolCall("p1", "call_tool", FETCH), Reply.text("The Kestrel release moved to March."));
            StringWriter out = new StringWriter();
            StringWriter err = new StringWriter();
            CompletableFuture<Integer> chat = CompletableFuture.supplyAsync(() -> Bxctl.run(
                    new String[] {"chat", "--session", "chat-p1ask", "What do example.org's notes say?"},
                    new ByteArrayInputStream(new byte[0]), new PrintWriter(out, true), new PrintWriter(err, true),
                    Map.of("BOXMAKER_HOME", d.home.toString())));

            String notice = "this turn waits for your approval of call a1 (http_fetch): bxctl approvals a1 shows it,"
                    + " bxctl approve a1 runs it, bxctl deny a1 refuses it\n";
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(WAIT_SECONDS);
            while (!err.toString().equals(notice) && System.nanoTime() < deadline && !chat.isDone()) {
                Thread.sleep(100);
            }
            assertThat(err.toString()).as("bxctl chat's standard error while the call waits").isEqualTo(notice);
            assertThat(d.bxctl("approve", "a1").out()).isEqualTo("approved a1; it runs now\n");

            assertThat(chat.get(WAIT_SECONDS, TimeUnit.SECONDS)).as(err.toString()).isZero();
            assertThat(out.toString()).isEqualTo("The Kestrel release moved to March.\n");
            assertThat(err.toString()).isEqualTo(notice);
            assertThat(d.bxctl("chat", "--session", "chat-p1ask", "--last").out())
                    .isEqualTo("The Kestrel release moved to March.\n");
        }
    }
}
