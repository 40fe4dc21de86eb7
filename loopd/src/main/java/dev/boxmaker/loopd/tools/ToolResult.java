package dev.boxmaker.loopd.tools;

import dev.boxmaker.loopd.sentences.Sentences;
import dev.boxmaker.proto.DataClass;
import dev.boxmaker.proto.wire.msg.Outcome;
import dev.boxmaker.proto.wire.msg.ToolResponse;

/** What one tool call answered, with its label, as the session log records it. */
public record ToolResult(Outcome outcome, String text, DataClass dataClass, boolean untrusted) {
    /**
     * The most characters of one tool's answer that a turn keeps, about 64k tokens, past the default
     * context window: the rest is cut and the model told so. brokerd may answer up to the frame limit
     * (16 MiB), and a turn may make 32 calls an answer; without this, one turn held hundreds of
     * megabytes of results that the next prompt could never carry.
     */
    public static final int RESULT_CHARS_MAX = 262_144;

    /** A local answer: loopd's own text, which holds nothing of the owner's. */
    public static ToolResult local(Outcome outcome, String text) {
        return new ToolResult(outcome, text, DataClass.PUBLIC, false);
    }

    /** brokerd's answer, its text cut to {@link #RESULT_CHARS_MAX} characters with a sentence saying so. */
    public static ToolResult of(ToolResponse response) {
        return new ToolResult(response.outcome(), capped(response.text()), response.dataClass(), response.untrusted());
    }

    /** {@code text}, or its first {@link #RESULT_CHARS_MAX} characters (never half a pair) and the cut's sentence. */
    static String capped(String text) {
        if (text.length() <= RESULT_CHARS_MAX) {
            return text;
        }
        int end = Character.isHighSurrogate(text.charAt(RESULT_CHARS_MAX - 1)) ? RESULT_CHARS_MAX - 1 : RESULT_CHARS_MAX;
        return text.substring(0, end) + Sentences.toolResultCut(text.length(), RESULT_CHARS_MAX);
    }
}
