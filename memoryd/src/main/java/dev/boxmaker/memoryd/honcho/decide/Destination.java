package dev.boxmaker.memoryd.honcho.decide;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;

/**
 * Where a finished turn goes (the M5c spec, section 4): the agent's trusted workspace, its untrusted
 * one, or nowhere. Ordered from the least to the most restrictive; a decision can only move along
 * this order, never back.
 */
public enum Destination {
    TRUSTED("trusted"),
    UNTRUSTED("untrusted"),
    NONE("none");

    private final String word;

    Destination(String word) {
        this.word = word;
    }

    /** The word in the ledger. */
    @JsonValue
    public String word() {
        return word;
    }

    @JsonCreator
    public static Destination parse(String word) {
        for (Destination d : values()) {
            if (d.word.equals(word)) {
                return d;
            }
        }
        throw new IllegalArgumentException("not a destination: \"" + dev.boxmaker.proto.Sentences.quote(word) + "\"");
    }

    /** The more restrictive of the two. */
    public Destination stricter(Destination other) {
        return compareTo(other) >= 0 ? this : other;
    }
}
