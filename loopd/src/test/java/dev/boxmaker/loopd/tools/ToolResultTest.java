package dev.boxmaker.loopd.tools;

import static org.assertj.core.api.Assertions.assertThat;

import dev.boxmaker.proto.DataClass;
import dev.boxmaker.proto.wire.msg.Outcome;
import dev.boxmaker.proto.wire.msg.ToolResponse;
import org.junit.jupiter.api.Test;

/** A tool's answer is kept whole up to its limit and cut past it, the model told so. */
class ToolResultTest {
    private static final int MAX = ToolResult.RESULT_CHARS_MAX;

    @Test
    void anAnswerAtTheLimitIsKeptWhole() {
        String text = "a".repeat(MAX);

        ToolResult result = ToolResult.of(new ToolResponse("c1", Outcome.OK, text, DataClass.PRIVATE, true, null));

        assertThat(result).isEqualTo(new ToolResult(Outcome.OK, text, DataClass.PRIVATE, true));
    }

    @Test
    void anAnswerOnePastTheLimitIsCutWithTheSentence() {
        ToolResult result = ToolResult.of(new ToolResponse("c1", Outcome.OK, "a".repeat(MAX) + "b", DataClass.PUBLIC,
                false, null));

        assertThat(result.text()).isEqualTo("a".repeat(MAX)
                + "\n[cut: this answer was 262,145 characters; the first 262,144 are kept; ask for a smaller part]");
        assertThat(result.outcome()).isEqualTo(Outcome.OK);
    }

    @Test
    void aCutNeverSplitsASurrogatePair() {
        String text = "a".repeat(MAX - 1) + "\uD83D\uDE00" + "tail";

        String kept = ToolResult.capped(text);

        assertThat(kept).startsWith("a".repeat(MAX - 1) + "\n[cut: this answer was 262,149 characters;");
    }

    @Test
    void aSixteenMebibyteAnswerKeepsOnlyTheLimit() {
        String text = "x".repeat(16 * 1024 * 1024);

        assertThat(ToolResult.capped(text)).hasSize(MAX
                + "\n[cut: this answer was 16,777,216 characters; the first 262,144 are kept; ask for a smaller part]".length());
    }
}
