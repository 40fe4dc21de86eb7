package dev.boxmaker.proto.wire.msg;

/** Done, nothing to say. Kind {@code ok} (wire.md). */
public record Ok() implements Message {
    public static final String KIND = "ok";

    @Override
    public String kind() {
        return KIND;
    }
}
