package dev.boxmaker.proto;

import java.util.Objects;

/**
 * A label: the data class and whether the data is untrusted (home.md, "Labels"). Combining two
 * keeps the higher class, and untrusted if either is.
 */
public record Label(DataClass dataClass, boolean untrusted) {
    /** A session's taint before it has seen any tool result. */
    public static final Label SESSION_START = new Label(DataClass.PRIVATE, false);

    public Label {
        Objects.requireNonNull(dataClass, "dataClass");
    }

    /** The stricter of this label and {@code other}, each part. */
    public Label combine(Label other) {
        return new Label(dataClass.max(other.dataClass), untrusted || other.untrusted);
    }
}
