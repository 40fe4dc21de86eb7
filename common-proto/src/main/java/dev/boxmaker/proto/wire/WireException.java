package dev.boxmaker.proto.wire;

/** Bad input on the wire; the message is a fixed sentence, fit to send back in an error frame. */
public final class WireException extends RuntimeException {
    public WireException(String sentence) {
        super(sentence, null, false, false);
    }
}
