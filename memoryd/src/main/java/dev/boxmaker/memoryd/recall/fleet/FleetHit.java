package dev.boxmaker.memoryd.recall.fleet;

import dev.boxmaker.proto.DataClass;

/**
 * One hit from a Honcho source of recall, as it arrived and was made safe: {@code text} already
 * neutralised and cut to {@link FleetRecall#ARRIVAL_CHARS_MAX}; {@code peer} as Honcho named it (the
 * renderer escapes and cuts it, as it does a local speaker's name).
 *
 * @param source    the source's name, as headers and unavailable lines show it
 * @param kind      a message (a turn, a note) or a conclusion
 * @param peer      a message's writer; a conclusion's observed peer
 * @param trusted   whether the owner labelled the source's workspace trusted (tag {@code memory})
 * @param dataClass the source's class
 * @param text      the text, neutralised
 * @param createdAt Honcho's {@code created_at}, or null
 */
public record FleetHit(String source, Kind kind, String peer, boolean trusted, DataClass dataClass, String text,
        String createdAt) {
    public enum Kind {
        /** A turn in another agent's workspace. */
        MESSAGE,
        /** A note, or its retraction, in the fleet workspace. */
        NOTE,
        /** A conclusion (a mirrored memory write) in another agent's workspace. */
        CONCLUSION
    }
}
