package dev.boxmaker.proto.limits;

/**
 * The frame's limit (wire.md, "Frames"), in a package of its own below both the frames and the
 * sentences that name it, so that neither reaches the other through it.
 */
public final class FrameLimits {
    /** 16 MiB: the longest payload a frame may have. */
    public static final int FRAME_BYTES_MAX = 16 * 1024 * 1024;

    private FrameLimits() {
    }
}
