package dev.boxmaker.memoryd.files;

/**
 * An always-on check of what must hold before a file is written and after it is read back. Java's
 * {@code assert} is off by default, so it would check nothing in production (conventions.md).
 */
public final class Invariants {
    private Invariants() {
    }

    /** Throws {@link IllegalStateException} with {@code what} when {@code holds} is false. */
    public static void check(boolean holds, String what) {
        if (!holds) {
            throw new IllegalStateException("invariant broken: " + what);
        }
    }
}
