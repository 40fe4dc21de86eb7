package dev.boxmaker.proto.tools;

/** A tool's arguments have the wrong shape; {@link #sentence} names the field and is what the model reads. */
public final class ToolFault extends Exception {
    private final String sentence;

    public ToolFault(String sentence) {
        super(sentence, null, false, false);
        this.sentence = sentence;
    }

    public String sentence() {
        return sentence;
    }
}
