package dev.boxmaker.loopd;

import static org.assertj.core.api.Assertions.assertThat;

import dev.boxmaker.loopd.testing.ScriptedModel.Reply;
import dev.boxmaker.proto.wire.msg.ErrorReply;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * A turn refused partway says whether the owner's message is already in the session's log, so that
 * it is not sent twice: after the user record (the session filled up during the turn), or before it
 * (the log could not be opened). The model's failures: {@link ModelFailureTest}; a write failing after
 * the user record: {@code LoopdIT}.
 */
class MessageInLogTest {
    @Test
    void aSessionThatFillsUpDuringTheTurnSaysTheMessageIsInTheLog() throws Exception {
        try (LoopdHome t = LoopdHome.create("context_tokens = 3000\nmax_reply_tokens = 500\n").start()) {
            // The model's first answer is a call whose arguments take the rest of the context.
            t.model.add(Reply.toolCall("c1", "clock", "{\"pad\":\"" + "word ".repeat(2500) + "\"}"));

            ErrorReply error = (ErrorReply) t.turn("chat-1", "what time is it?");

            assertThat(error.message()).matches("your message is already in the session's log, so do not send it again:"
                    + " this session is full \\(\\d,\\d{3} of 2,500 tokens\\); start a new session");
            assertThat(t.log("chat-1")).hasSize(3);
            assertThat(t.log("chat-1").get(0)).contains("\"type\":\"user\"", "\"content\":\"what time is it?\"");
            assertThat(t.model.requests()).hasSize(1);
        }
    }

    @Test
    void aLogThatCannotBeOpenedSaysTheMessageWasNotWritten() throws Exception {
        try (LoopdHome t = LoopdHome.create().start()) {
            t.model.add(Reply.text("hi"));
            t.turn("chat-1", "hello");
            Path log = t.baselineFile("chat-1").resolveSibling("0.jsonl");
            Files.move(log, log.resolveSibling("moved.jsonl"));
            Files.createDirectory(log);

            ErrorReply error = (ErrorReply) t.turn("chat-1", "again");

            assertThat(error.message()).startsWith("your message was not written to the session's log: the log of session"
                    + " chat-1 could not be written (").endsWith("); the turn stopped; check the disk");
            assertThat(t.model.requests()).hasSize(1);
        }
    }
}
