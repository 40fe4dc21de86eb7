package dev.boxmaker.memoryd.honcho.decide;

import dev.boxmaker.proto.Label;
import java.util.Objects;

/**
 * What the turn decision reads of one finished turn in loopd's session log (the M5c spec, section
 * 5.2): who spoke ({@code speaker}, null when loopd logged none), what they said, the agent's final
 * reply ({@code ""} when the closing record had no text), and {@code logLabel}, the combination of
 * every tool result's label read in the log, turn by turn up to where the read stopped, starting
 * from {@link Label#SESSION_START}.
 */
public record TurnRecords(long turn, String speaker, String text, String reply, Label logLabel) {
    public TurnRecords {
        Objects.requireNonNull(text, "text");
        Objects.requireNonNull(reply, "reply");
        Objects.requireNonNull(logLabel, "logLabel");
    }
}
