package dev.boxmaker.proto.wire.msg;

/** Asks memoryd to rebuild its index. Kind {@code reindex} (wire.md). */
public record Reindex() implements Message {
    public static final String KIND = "reindex";

    @Override
    public String kind() {
        return KIND;
    }
}
