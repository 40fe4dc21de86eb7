package dev.boxmaker.loopd.limits;

/**
 * A turn's limits, in a package of their own below both the turn handler that applies them and the
 * sentences that name them, so that neither reaches the other through them.
 */
public final class TurnLimits {
    /**
     * A turn's text, in characters (code points): far below the 16 MiB frame, so that a few large
     * turns at once fit in loopd's heap (the text is tokenized, logged and sent to the model).
     */
    public static final int TURN_TEXT_CHARS_MAX = 65_536;

    private TurnLimits() {
    }
}
