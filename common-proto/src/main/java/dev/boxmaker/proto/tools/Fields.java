package dev.boxmaker.proto.tools;

import com.fasterxml.jackson.databind.JsonNode;
import dev.boxmaker.proto.Sentences;

/** The field checks {@link ToolArgs} is made of. */
final class Fields {
    private Fields() {
    }

    /**
     * A string field of {@code min} to {@code max} characters (code points, as memoryd counts them).
     * With {@code whole}, a surrogate without its pair is refused: it has no UTF-8 form, so a file
     * would hold {@code ?} in its place, not the text that was answered.
     */
    static String text(JsonNode node, String field, int min, int max, String tool, String named, boolean whole)
            throws ToolFault {
        JsonNode value = node.get(field);
        if (value == null || !value.isTextual()) {
            throw new ToolFault(Sentences.toolTextOutOfRange(tool, named, min, max));
        }
        String text = value.asText();
        int chars = text.codePointCount(0, text.length());
        if (chars < min || chars > max) {
            throw new ToolFault(Sentences.toolTextOutOfRange(tool, named, min, max));
        }
        int lone = whole ? loneSurrogate(text) : -1;
        if (lone >= 0) {
            throw new ToolFault(Sentences.loneSurrogate(named, lone));
        }
        return text;
    }

    /** A flag is absent or {@code true}; anything else (false, a string) is a wrong shape. */
    static boolean flag(JsonNode e, String field, String at) throws ToolFault {
        JsonNode value = e.get(field);
        if (value == null) {
            return false;
        }
        if (!value.isBoolean() || !value.asBoolean()) {
            throw new ToolFault(Sentences.consolidateFlagNotTrue(at + field));
        }
        return true;
    }

    /** The first surrogate without its pair, or -1. JSON's {@code \uD83C} escape can carry one. */
    private static int loneSurrogate(String text) {
        for (int i = 0; i < text.length(); ) {
            int codePoint = text.codePointAt(i);
            if (codePoint >= Character.MIN_SURROGATE && codePoint <= Character.MAX_SURROGATE) {
                return codePoint;
            }
            i += Character.charCount(codePoint);
        }
        return -1;
    }
}
