package dev.boxmaker.loopd.model;

/** A model call that failed for good: the message is the fixed sentence the turn fails with. */
public final class ModelException extends Exception {
    public ModelException(String sentence) {
        super(sentence, null, false, false);
    }
}
