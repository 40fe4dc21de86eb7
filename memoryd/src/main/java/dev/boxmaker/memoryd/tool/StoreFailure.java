package dev.boxmaker.memoryd.tool;

import java.io.IOException;

/**
 * A write that failed on a file operation, with the sentence its answer carries: whether it was
 * taken back (never applied), or may have been applied because taking it back failed too.
 */
public final class StoreFailure extends IOException {
    private final String sentence;

    StoreFailure(String sentence, Throwable cause) {
        super(sentence, cause);
        this.sentence = sentence;
    }

    /** The sentence the model or the owner reads. */
    public String sentence() {
        return sentence;
    }
}
