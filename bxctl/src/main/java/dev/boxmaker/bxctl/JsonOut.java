package dev.boxmaker.bxctl;

import com.fasterxml.jackson.core.JsonGenerator;
import dev.boxmaker.proto.owner.OwnerJson;
import java.io.IOException;
import java.io.PrintWriter;

/**
 * What {@code --json} prints: a daemon's document as it came, or bxctl's own error object. Standard
 * output is UTF-8, which has no form for a lone surrogate (a {@code \\uD800} a model wrote in an
 * argument): such a character is printed as the JSON escape {@code \\uD800}, which any JSON reader
 * reads back as the same character; a surrogate pair (an emoji) is printed as its UTF-8 bytes. A
 * lone surrogate can stand only inside a JSON string, where the escape means the same.
 */
final class JsonOut {
    private JsonOut() {
    }

    /** Prints {@code json}, one document, on a line of its own. */
    static void print(PrintWriter out, String json) {
        out.println(loneSurrogatesEscaped(json));
    }

    /**
     * {@code {"error": sentence, "runbook": entry or null}} on standard output, for a script: the
     * same sentence the owner reads on standard error.
     */
    static void error(Bxctl top, String sentence, String runbook) {
        print(top.out(), error(sentence, runbook));
        top.out().flush();
    }

    static String error(String sentence, String runbook) {
        return OwnerJson.document(g -> writeError(g, sentence, runbook));
    }

    private static void writeError(JsonGenerator g, String sentence, String runbook) throws IOException {
        g.writeStartObject();
        g.writeStringField("error", sentence);
        g.writeStringField("runbook", runbook);
        g.writeEndObject();
    }

    /** {@code text} with each surrogate that is not half of a pair written as {@code \\uXXXX}. */
    static String loneSurrogatesEscaped(String text) {
        StringBuilder out = null;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            boolean lone = Character.isHighSurrogate(c)
                    ? i + 1 >= text.length() || !Character.isLowSurrogate(text.charAt(i + 1))
                    : Character.isLowSurrogate(c) && (i == 0 || !Character.isHighSurrogate(text.charAt(i - 1)));
            if (lone && out == null) {
                out = new StringBuilder(text.length() + 16).append(text, 0, i);
            }
            if (lone) {
                out.append(String.format("\\u%04X", (int) c));
            } else if (out != null) {
                out.append(c);
            }
        }
        return out == null ? text : out.toString();
    }
}
