package dev.boxmaker.loopd;

import static org.assertj.core.api.Assertions.assertThat;

import dev.boxmaker.loopd.sockets.TurnHandler;
import dev.boxmaker.loopd.testing.ScriptedModel.Reply;
import dev.boxmaker.proto.SessionId;
import dev.boxmaker.proto.testing.RawSocket;
import dev.boxmaker.proto.wire.Frames;
import dev.boxmaker.proto.wire.msg.ErrorReply;
import dev.boxmaker.proto.wire.msg.Turn;
import dev.boxmaker.proto.wire.msg.TurnReply;
import java.nio.file.Files;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** A turn's own text limit, and a turn whose client left (issue 27, item 2). */
class TurnLimitTest {
    static final String TOO_LONG = "the message is longer than a turn may be (at most 65,536 characters);"
            + " nothing was written; send a shorter one";

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
        try (LoopdHome t = LoopdHome.create().start()) {
            t.model.add(Reply.toolCall("c1", "clock", "{}").after(1_500));
            try (RawSocket raw = RawSocket.open(t.settings.turnSocket())) {
                raw.write(Frames.encode(new Turn(SessionId.of("chat-1"), "hello", "owner")));
                long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
                while (t.model.requests().isEmpty() && System.nanoTime() < deadline) {
                    Thread.sleep(20);
                }
            }
            // The first model call finishes, its tool call is answered, then the turn stops.
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
            while (t.log("chat-1").size() < 3 && System.nanoTime() < deadline) {
                Thread.sleep(20);
            }
            Thread.sleep(1_000);

            assertThat(t.model.requests()).hasSize(1);
            assertThat(t.log("chat-1")).hasSize(3);
            assertThat(t.log("chat-1").get(2)).contains("\"type\":\"tool_result\"");
            // The session goes on: the next turn is answered from the log as it is.
            t.model.add(Reply.text("back"));
            assertThat(t.turn("chat-1", "again")).isEqualTo(new TurnReply(SessionId.of("chat-1"), 2, "back"));
        }
    }
}
