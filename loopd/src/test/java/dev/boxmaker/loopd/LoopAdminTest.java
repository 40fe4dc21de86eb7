package dev.boxmaker.loopd;

import static org.assertj.core.api.Assertions.assertThat;

import dev.boxmaker.loopd.testing.ScriptedModel.Reply;
import dev.boxmaker.proto.wire.msg.ErrorReply;
import dev.boxmaker.proto.wire.msg.LoopAdminReply;
import org.junit.jupiter.api.Test;

/** {@code loop_admin}: sessions, show and last. */
class LoopAdminTest {
    /**
     * {@code last ID}: the answer of the session's last turn, as the turn answered it, for an owner
     * who left {@code bxctl chat} while a turn ran; while the turn runs, which turn has no answer yet.
     */
    @Test
    void lastIsTheLastTurnsAnswerOrWhichTurnHasNoneYet() throws Exception {
        try (LoopdHome t = LoopdHome.create().start()) {
            assertThat(t.admin("last", "chat-1")).isEqualTo(new ErrorReply("there is no session \"chat-1\"", null));
            t.model.add(Reply.text("hi \u202Ethere"));
            t.turn("chat-1", "hello");
            assertThat(t.admin("last", "chat-1")).isEqualTo(new LoopAdminReply("hi \u202Ethere"));

            t.model.add(Reply.text("late").after(PartwayTest.MODEL_MILLIS));
            java.util.concurrent.Future<?> running = java.util.concurrent.ForkJoinPool.commonPool()
                    .submit(() -> t.turn("chat-1", "and now?"));
            StopTest.waitFor(() -> t.model.requests().size() == 2);
            assertThat(t.admin("last", "chat-1")).isEqualTo(new ErrorReply("turn 2 of session chat-1 has no answer yet:"
                    + " it is still running (a call may wait for your approval: bxctl approvals), or it stopped partway"
                    + " (bxctl chat --session chat-1 MESSAGE goes on)", null));
            running.get(LoopdHome.WAIT.toSeconds(), java.util.concurrent.TimeUnit.SECONDS);
            assertThat(t.admin("last", "chat-1")).isEqualTo(new LoopAdminReply("late"));
        }
    }

    @Test
    void sessionsListsEachSessionAndShowPrintsItsLogEscaped() throws Exception {
        try (LoopdHome t = LoopdHome.create().start()) {
            assertThat(t.admin("sessions", "")).isEqualTo(new LoopAdminReply("(no sessions)"));
            t.model.add(Reply.text("hi \u202Ethere"));
            t.turn("chat-1", "hello");

            String sessions = ((LoopAdminReply) t.admin("sessions", "")).text();
            assertThat(sessions).matches("chat-1  started \\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\dZ  2 records");
            String shown = ((LoopAdminReply) t.admin("show", "chat-1")).text();
            assertThat(shown.split("\n")).hasSize(2);
            assertThat(shown).contains("\"content\":\"hello\"").contains("hi \\u{202E}there").doesNotContain("\u202E");
            assertThat(t.admin("show", "chat-2")).isEqualTo(new ErrorReply("there is no session \"chat-2\"", null));
            assertThat(t.admin("purge", "")).isEqualTo(new ErrorReply(
                    "unknown command \"purge\"; the commands are sessions, show and last", null));
        }
    }

    @Test
    void aDamagedLogIsCountedAndShownAsItIsWithoutItsUnfinishedLastLine() throws Exception {
        try (LoopdHome t = LoopdHome.afterOneTurn("chat-1")) {
            t.restartLoopd();
            java.nio.file.Path log = dev.boxmaker.proto.log.SessionLogs.file(t.home, dev.boxmaker.proto.SessionId.of("chat-1"));
            // A line that is not UTF-8 (a disk fault), then a write in progress (home.md: a reader skips it).
            java.nio.file.Files.write(log, new byte[] {(byte) 0xFF, 'x', '\n', '{', '"'},
                    java.nio.file.StandardOpenOption.APPEND);

            String sessions = ((LoopAdminReply) t.admin("sessions", "")).text();
            assertThat(sessions).matches("chat-1  started \\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\dZ  3 records");
            String shown = ((LoopAdminReply) t.admin("show", "chat-1")).text();
            assertThat(shown.split("\n", -1)).hasSize(4);
            assertThat(shown).endsWith("\n\uFFFDx\n");
        }
    }
}
