package dev.boxmaker.memoryd.honcho.worker;

import java.io.IOException;

/**
 * The {@code placed} line that must precede a request could not be written: nothing was sent, and the
 * item waits as it would for an unwritable ledger (never marked failed).
 */
final class PlaceUnwritable extends IOException {
    private static final long serialVersionUID = 1L;

    PlaceUnwritable(IOException cause) {
        super("the placed line could not be written", cause);
    }
}
