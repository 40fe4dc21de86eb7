package dev.boxmaker.memoryd.tool;

/**
 * The answer to an owner's command ({@code memory_admin}): whether it was done, the text to print,
 * and for {@code --json} its fields as a JSON document ({@code dev.boxmaker.proto.owner.OwnerJson}),
 * null where the text alone is the answer (bxctl then gets {@code {"message": text}}).
 */
public record OwnerAnswer(boolean ok, String text, String json) {
    public OwnerAnswer(boolean ok, String text) {
        this(ok, text, null);
    }

    public static OwnerAnswer ok(String text) {
        return new OwnerAnswer(true, text);
    }

    /** Done, with the answer's fields for {@code --json}. */
    public static OwnerAnswer ok(String text, String json) {
        return new OwnerAnswer(true, text, json);
    }

    public static OwnerAnswer refused(String text) {
        return new OwnerAnswer(false, text);
    }
}
