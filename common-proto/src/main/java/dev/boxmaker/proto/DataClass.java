package dev.boxmaker.proto;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;

/** How sensitive a piece of data is, ordered public &lt; private &lt; secret (home.md). */
public enum DataClass {
    PUBLIC("public"),
    PRIVATE("private"),
    SECRET("secret");

    private final String wire;

    DataClass(String wire) {
        this.wire = wire;
    }

    /** The word on the wire and in files. */
    @JsonValue
    public String wire() {
        return wire;
    }

    /** The class named by {@code word}; a word that names none is refused with a fixed sentence. */
    @JsonCreator
    public static DataClass parse(String word) {
        for (DataClass c : values()) {
            if (c.wire.equals(word)) {
                return c;
            }
        }
        throw new IllegalArgumentException(Sentences.unknownDataClass(word));
    }

    /** The higher of two classes. */
    public DataClass max(DataClass other) {
        return compareTo(other) >= 0 ? this : other;
    }

    @Override
    public String toString() {
        return wire;
    }
}
