package dev.boxmaker.memoryd.tool;

/** A rule said no; {@link #sentence} is the fixed sentence the model or the owner reads. */
public final class Refused extends Exception {
    private final String sentence;

    public Refused(String sentence) {
        super(sentence, null, false, false);
        this.sentence = sentence;
    }

    public String sentence() {
        return sentence;
    }
}
