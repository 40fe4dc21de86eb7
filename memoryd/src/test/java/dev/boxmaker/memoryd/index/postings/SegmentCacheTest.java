package dev.boxmaker.memoryd.index.postings;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** The segment cache: keyed by file and segment, least recently used out first, bounded in bytes. */
class SegmentCacheTest {
    @Test
    void theSameSegmentIdOfAnotherFileIsAnotherEntry() {
        SegmentCache cache = new SegmentCache(1_000);
        cache.put(1, 7, new byte[] {1});
        cache.put(2, 7, new byte[] {2});
        assertThat(cache.get(1, 7)).containsExactly(1);
        assertThat(cache.get(2, 7)).containsExactly(2);
        assertThat(cache.get(3, 7)).isNull();
    }

    @Test
    void theLeastRecentlyUsedGoFirstOnceTheBytesAreFull() {
        SegmentCache cache = new SegmentCache(300);
        cache.put(1, 1, new byte[100]);
        cache.put(1, 2, new byte[100]);
        cache.put(1, 3, new byte[100]);
        assertThat(cache.get(1, 1)).isNotNull();
        cache.put(1, 4, new byte[100]);
        assertThat(cache.get(1, 2)).isNull();
        assertThat(cache.get(1, 1)).isNotNull();
        assertThat(cache.get(1, 3)).isNotNull();
        assertThat(cache.get(1, 4)).isNotNull();
        assertThat(cache.bytes()).isEqualTo(300);
    }

    @Test
    void aBlobLargerThanTheWholeCacheIsNotKeptAndASecondPutKeepsTheFirst() {
        SegmentCache cache = new SegmentCache(300);
        cache.put(1, 1, new byte[301]);
        assertThat(cache.get(1, 1)).isNull();
        cache.put(1, 2, new byte[] {1});
        cache.put(1, 2, new byte[] {2, 2});
        assertThat(cache.get(1, 2)).containsExactly(1);
        assertThat(cache.bytes()).isEqualTo(1);
    }
}
