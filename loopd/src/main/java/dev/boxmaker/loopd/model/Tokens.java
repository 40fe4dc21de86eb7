package dev.boxmaker.loopd.model;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.knuddels.jtokkit.Encodings;
import com.knuddels.jtokkit.api.Encoding;
import com.knuddels.jtokkit.api.EncodingType;

/**
 * A prompt's size in tokens with {@code o200k_base}, which stands in for the model's own tokenizer
 * (loopd.md, "Core tools"). A message counts its text fields and a fixed overhead for its role and
 * framing, as OpenAI's own guide counts; the tools count as their JSON text.
 */
public final class Tokens {
    /** The framing a chat template adds around each message. */
    public static final int MESSAGE_OVERHEAD_TOKENS = 4;

    private static final Encoding ENCODING = Encodings.newLazyEncodingRegistry().getEncoding(EncodingType.O200K_BASE);

    private Tokens() {
    }

    public static int count(String text) {
        return text == null || text.isEmpty() ? 0 : ENCODING.countTokensOrdinary(text);
    }

    /** One chat message: its content, tool call names and arguments, and the overhead. */
    public static int message(JsonNode message) {
        int n = MESSAGE_OVERHEAD_TOKENS + count(message.path("content").asText(""));
        for (JsonNode call : message.path("tool_calls")) {
            n += count(call.path("function").path("name").asText("")) + count(call.path("function").path("arguments").asText(""));
        }
        return n;
    }

    /** The tools array as the server reads it. */
    public static int tools(ArrayNode tools) {
        return count(tools.toString());
    }
}
