package dev.boxmaker.memoryd.recall;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.boxmaker.memoryd.Sentences;
import java.util.Iterator;
import java.util.Optional;

/**
 * recall's arguments (the spec, section 5): {@code query} 1 to 500 characters, {@code k} 1 to 10,
 * default 5. memoryd checks them again: it does not trust brokerd's parse.
 */
public record RecallArgs(String query, int k) {
    public static final int QUERY_CHARS_MIN = 1;
    public static final int QUERY_CHARS_MAX = 500;
    public static final int K_MIN = 1;
    public static final int K_MAX = 10;
    public static final int K_DEFAULT = 5;

    /** The arguments, or the sentence naming the field at fault. A {@code k} of null counts as absent. */
    public static Result parse(ObjectNode args) {
        for (Iterator<String> names = args.fieldNames(); names.hasNext(); ) {
            String name = names.next();
            if (!name.equals("query") && !name.equals("k")) {
                return Result.refused(Sentences.recallUnknownField(name));
            }
        }
        JsonNode query = args.get("query");
        if (query == null || !query.isTextual()) {
            return Result.refused(Sentences.QUERY_INVALID);
        }
        String text = query.asText();
        int chars = text.codePointCount(0, text.length());
        if (chars < QUERY_CHARS_MIN || chars > QUERY_CHARS_MAX) {
            return Result.refused(Sentences.QUERY_INVALID);
        }
        JsonNode k = args.get("k");
        int kValue = K_DEFAULT;
        if (k != null && !k.isNull()) {
            if (!k.isIntegralNumber() || !k.canConvertToInt() || k.intValue() < K_MIN || k.intValue() > K_MAX) {
                return Result.refused(Sentences.K_INVALID);
            }
            kValue = k.intValue();
        }
        return new Result(Optional.of(new RecallArgs(text, kValue)), null);
    }

    /** Parsed arguments, or a refusal's sentence. */
    public record Result(Optional<RecallArgs> args, String refusal) {
        static Result refused(String sentence) {
            return new Result(Optional.empty(), sentence);
        }
    }
}
