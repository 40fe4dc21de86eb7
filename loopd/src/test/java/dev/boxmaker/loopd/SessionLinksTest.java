package dev.boxmaker.loopd;

import dev.boxmaker.loopd.sentences.Sentences;
import static org.assertj.core.api.Assertions.assertThat;

import dev.boxmaker.loopd.testing.ScriptedModel.Reply;
import dev.boxmaker.proto.wire.msg.ErrorReply;
import dev.boxmaker.proto.wire.msg.LoopAdminReply;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 27, item 4: loopd follows no symbolic link under sessions/. A session whose folder, log or
 * baseline is a link is refused with the sentence naming the link, and nothing is written where it points.
 */
class SessionLinksTest {
    @TempDir
    Path outside;

    /** Pinned in common-proto's own SessionLinksTest. */
    static String refusal(Path path) {
        return dev.boxmaker.proto.Sentences.linkRefused(path);
    }

    @Test
    void aSessionFolderLinkedOutsideTheHomeIsRefusedAndNothingIsWrittenThere() throws Exception {
        try (LoopdHome t = LoopdHome.create().start()) {
            t.model.whenEmpty(Reply.text("ok"));
            Path dir = t.home.resolve("sessions/chat-1");
            Files.createDirectories(dir.getParent());
            Files.createSymbolicLink(dir, outside);

            // The answer quotes the sentence cut to its length; loopd's log has it whole.
            assertThat(t.turn("chat-1", "hello")).isEqualTo(new ErrorReply(
                    Sentences.baselineUnreadable("chat-1", refusal(dir)), "session-log-invalid"));
            try (Stream<Path> there = Files.list(outside)) {
                assertThat(there).isEmpty();
            }
            assertThat(t.admin("sessions", "")).isEqualTo(new LoopAdminReply(Sentences.noSessions()));
            assertThat(t.admin("show", "chat-1")).isEqualTo(new ErrorReply(Sentences.noSuchSession("chat-1"), null));
        }
    }

    @Test
    void aLogOrBaselineLinkedOutsideTheHomeIsRefusedAndTheFileThereIsUnchanged() throws Exception {
        try (LoopdHome t = LoopdHome.create().start()) {
            t.model.whenEmpty(Reply.text("ok"));
            t.turn("chat-1", "first");
            t.turn("chat-2", "first");
            t.stopLoopd();
            Path target = Files.writeString(outside.resolve("target"), "not a log\n");
            Path log = t.home.resolve("sessions/chat-1/0.jsonl");
            Files.delete(log);
            Files.createSymbolicLink(log, target);
            Path baseline = t.baselineFile("chat-2");
            Files.delete(baseline);
            Files.createSymbolicLink(baseline, target);
            t.restartLoopd();

            assertThat(t.turn("chat-1", "again")).isEqualTo(new ErrorReply(
                    Sentences.logUnreadable("chat-1", refusal(log)), "session-log-invalid"));
            assertThat(t.turn("chat-2", "again")).isEqualTo(new ErrorReply(
                    Sentences.baselineUnreadable("chat-2", refusal(baseline)), "session-log-invalid"));
            assertThat(t.admin("show", "chat-1")).isEqualTo(new ErrorReply(Sentences.noSuchSession("chat-1"), null));
            // One linked file does not stop the listing of the others.
            assertThat(((LoopAdminReply) t.admin("sessions", "")).text()).startsWith("chat-2  started (no baseline)  ");
            assertThat(Files.readString(target)).isEqualTo("not a log\n");
        }
    }
}
