package dev.boxmaker.memoryd.index.postings;

import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Posting segments read lately, least recently used out first, up to {@link #BYTES_MAX} of blobs.
 * Keyed by the index file's own id (a reindex makes a new file with a new id) and the segment's
 * id, which is never reused within a file; a segment's bytes never change under its id (a changed
 * segment is written as a new row), so an entry can never be stale.
 */
public final class SegmentCache {
    /** The blobs kept at most: the common words' lists, which most questions hold. */
    public static final long BYTES_MAX = 24L << 20;

    private record Key(long file, long segment) {
    }

    private final long bytesMax;
    private final Map<Key, byte[]> blobs = new LinkedHashMap<>(1024, 0.75f, true);
    private long bytes;

    public SegmentCache() {
        this(BYTES_MAX);
    }

    public SegmentCache(long bytesMax) {
        this.bytesMax = bytesMax;
    }

    synchronized byte[] get(long file, long segment) {
        return blobs.get(new Key(file, segment));
    }

    synchronized void put(long file, long segment, byte[] blob) {
        if (blob.length > bytesMax || blobs.putIfAbsent(new Key(file, segment), blob) != null) {
            return;
        }
        bytes += blob.length;
        for (Iterator<byte[]> it = blobs.values().iterator(); bytes > bytesMax && it.hasNext(); ) {
            bytes -= it.next().length;
            it.remove();
        }
    }

    /** The bytes held, for tests. */
    synchronized long bytes() {
        return bytes;
    }
}
