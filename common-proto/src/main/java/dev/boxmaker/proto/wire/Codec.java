package dev.boxmaker.proto.wire;

import dev.boxmaker.proto.wire.msg.Message;

/**
 * How a client makes its request's frame and reads a reply's payload. Both give the same bytes and
 * the same messages and refusals; they differ in what they load.
 */
public enum Codec {
    /** Through {@link dev.boxmaker.proto.Json#MAPPER}: every kind, what the daemons use. */
    TREE,
    /**
     * Through jackson-core alone for the kinds bxctl sends and reads ({@link LightEncoder},
     * {@link LightDecoder}), the mapper for the rest and for every refusal: a command-line client
     * starts without building the mapper (docs/benchmarks.md, "bxctl cold start").
     */
    LIGHT;

    /** The frame of {@code request}; refused if it is too large to frame. */
    public byte[] encode(Message request) {
        return this == LIGHT ? LightEncoder.frame(request) : Frames.encode(request);
    }

    /** The message a reply's payload holds; a {@link WireException} with its sentence when it holds none. */
    public Message decode(byte[] payload) {
        return this == LIGHT ? LightDecoder.decode(payload) : Envelope.decode(payload);
    }
}
