package dev.boxmaker.loopd;

import static org.assertj.core.api.Assertions.assertThat;

import dev.boxmaker.loopd.sockets.TurnHandler;
import dev.boxmaker.loopd.testing.ScriptedModel.Reply;
import dev.boxmaker.proto.SessionId;
import dev.boxmaker.proto.testing.LogLines;
import dev.boxmaker.proto.testing.RawSocket;
import dev.boxmaker.proto.wire.Frames;
import dev.boxmaker.proto.wire.msg.ErrorReply;
import dev.boxmaker.proto.wire.msg.Turn;
import dev.boxmaker.proto.wire.msg.TurnReply;
import java.nio.file.Files;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.function.BooleanSupplier;
import java.util.logging.Level;
import org.junit.jupiter.api.Test;

/** A turn's own text limit, and a turn whose client left (issue 27, item 2). */
class TurnLimitTest {
    static final String TOO_LONG = "the message is longer than a turn may be (at most 65,536 characters);"
            + " nothing was written; send a shorter one";
    static final String LEFT = "session chat-1: the client of a turn left before its answer; the turn is stopped";

    @Test
    void aTextOneCharacterOverTheLimitIsRefusedWithTheSentenceAndNothingIsWritten() throws Exception {
        // A context that holds a text at the limit, one token a character.
        try (LoopdHome t = LoopdHome.create("context_tokens = 100000\n").start()) {
            t.model.whenEmpty(Reply.text("ok"));

            // Characters are code points: one astral character is one, though Java counts it as two.
            String over = "\uD83D\uDE00".repeat(TurnHandler.TURN_TEXT_CHARS_MAX + 1);
            assertThat(t.turn("chat-1", over)).isEqualTo(new ErrorReply(TOO_LONG, null));
            assertThat(t.turn("chat-1", "x".repeat(TurnHandler.TURN_TEXT_CHARS_MAX + 1)))
                    .isEqualTo(new ErrorReply(TOO_LONG, null));
            assertThat(Files.exists(t.home.resolve("sessions"))).isFalse();
            assertThat(t.model.requests()).isEmpty();

            assertThat(t.turn("chat-1", "\uD83D\uDE00".repeat(TurnHandler.TURN_TEXT_CHARS_MAX)))
                    .isEqualTo(new TurnReply(SessionId.of("chat-1"), 1, "ok"));
            // At the limit in characters JSON escapes (six bytes each), the frame still fits loopd's socket.
            assertThat(t.turn("chat-2", "\u0001".repeat(TurnHandler.TURN_TEXT_CHARS_MAX)))
                    .isEqualTo(new TurnReply(SessionId.of("chat-2"), 1, "ok"));
        }
    }

    @Test
    void aFrameOverTheSocketsRequestLimitIsRefusedAtItsLengthAsATurnTooLong() throws Exception {
        try (LoopdHome t = LoopdHome.create().start()) {
            for (long length : new long[] {TurnHandler.TURN_FRAME_BYTES_MAX + 1L, Frames.FRAME_BYTES_MAX}) {
                try (RawSocket raw = RawSocket.open(t.settings.turnSocket())) {
                    raw.write(RawSocket.header(length));

                    assertThat(raw.receive(LoopdHome.WAIT).error()).isEqualTo(new ErrorReply(TOO_LONG, null));
                }
            }
            assertThat(TurnHandler.TURN_FRAME_BYTES_MAX).isLessThanOrEqualTo(Frames.FRAME_BYTES_MAX / 16);
        }
    }

    @Test
    void aTurnWhoseClientLeftStopsBeforeItsNextModelCall() throws Exception {
        try (LoopdHome t = LoopdHome.create().start();
                LogLines logged = LogLines.of("dev.boxmaker.loopd.turn", Level.INFO)) {
            CountDownLatch answer = t.model.hold();
            t.model.add(Reply.toolCall("c1", "clock", "{}"));
            try (RawSocket raw = RawSocket.open(t.settings.turnSocket())) {
                raw.write(Frames.encode(new Turn(SessionId.of("chat-1"), "hello", "owner")));
                await(() -> !t.model.requests().isEmpty());
            }
            // The model answers only once loopd has seen the client leave.
            await(() -> logged.lines().contains(LEFT));
            answer.countDown();

            // The next turn of the session runs after this one has ended: its tool call was answered,
            // and it stopped before a second model call (which would have taken "back").
            t.model.add(Reply.text("back"));
            assertThat(t.turn("chat-1", "again")).isEqualTo(new TurnReply(SessionId.of("chat-1"), 2, "back"));
            assertThat(t.model.requests()).hasSize(2);
            assertThat(logged.lines()).contains("session chat-1: turn 1 stopped, as its client left");
            List<String> log = t.log("chat-1");
            assertThat(log.get(2)).contains("\"type\":\"tool_result\"");
            assertThat(log.get(3)).contains("\"again\"");
        }
    }

    private static void await(BooleanSupplier seen) throws InterruptedException {
        long deadline = System.nanoTime() + LoopdHome.WAIT.toNanos();
        while (!seen.getAsBoolean()) {
            assertThat(System.nanoTime()).as("a wait of %s", LoopdHome.WAIT).isLessThan(deadline);
            Thread.sleep(20);
        }
    }
}
