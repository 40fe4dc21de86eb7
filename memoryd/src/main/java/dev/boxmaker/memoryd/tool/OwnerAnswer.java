package dev.boxmaker.memoryd.tool;

/** The answer to an owner's command ({@code memory_admin}): whether it was done, and the text to print. */
public record OwnerAnswer(boolean ok, String text) {
    public static OwnerAnswer ok(String text) {
        return new OwnerAnswer(true, text);
    }

    public static OwnerAnswer refused(String text) {
        return new OwnerAnswer(false, text);
    }
}
