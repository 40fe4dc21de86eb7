package dev.boxmaker.proto.wire.msg;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;
import dev.boxmaker.proto.Sentences;

/**
 * How a tool call ended: {@code refused} is a tool's own no, {@code denied} the policy's no,
 * {@code failed} a runtime that broke or did not answer (wire.md).
 */
public enum Outcome {
    OK("ok"),
    REFUSED("refused"),
    DENIED("denied"),
    FAILED("failed");

    private final String wire;

    Outcome(String wire) {
        this.wire = wire;
    }

    @JsonValue
    public String wire() {
        return wire;
    }

    @JsonCreator
    public static Outcome parse(String word) {
        for (Outcome o : values()) {
            if (o.wire.equals(word)) {
                return o;
            }
        }
        throw new IllegalArgumentException(Sentences.unknownOutcome(word));
    }
}
