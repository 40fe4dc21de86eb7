package dev.boxmaker.memoryd.index.postings;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.boxmaker.memoryd.index.postings.PostingCodec.Postings;
import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** The bytes of a posting segment: round trips, block headers, and blobs that do not add up. */
class PostingCodecTest {
    static Postings random(Random r, int n) {
        Postings p = new Postings(1);
        long row = 1 + r.nextInt(1_000);
        for (int i = 0; i < n; i++) {
            // Gaps from 1 to beyond 2^35, counts and lengths past one varint byte.
            row += r.nextInt(20) == 0 ? (1L << (7 * (1 + r.nextInt(5)))) : 1 + r.nextInt(3);
            p.add(row, 1 + (r.nextInt(10) == 0 ? r.nextInt(100_000) : r.nextInt(3)), 1 + r.nextInt(50_000));
        }
        return p;
    }

    @Test
    void everySegmentDecodesToThePostingsItWasMadeOfWithTrueBlockHeaders() {
        Random r = new Random(7);
        for (int round = 0; round < 300; round++) {
            int n = 1 + r.nextInt(PostingCodec.SEGMENT_MAX);
            int block = 1 + r.nextInt(PostingCodec.BLOCK);
            Postings p = random(r, n);
            byte[] blob = PostingCodec.encode(p, 0, n, block);
            Postings back = new Postings(1);
            PostingCodec.decodeAll(blob, p.rows[0], back);
            assertThat(back.size).isEqualTo(n);
            assertThat(Arrays.copyOf(back.rows, n)).containsExactly(Arrays.copyOf(p.rows, n));
            assertThat(Arrays.copyOf(back.counts, n)).containsExactly(Arrays.copyOf(p.counts, n));
            assertThat(Arrays.copyOf(back.lengths, n)).containsExactly(Arrays.copyOf(p.lengths, n));
            PostingCodec.Blocks blocks = PostingCodec.blocks(blob, p.rows[0]);
            assertThat(blocks.count).isEqualTo((n + block - 1) / block);
            for (int b = 0; b < blocks.count; b++) {
                int from = b * block;
                int to = Math.min(n, from + block);
                assertThat(blocks.size[b]).isEqualTo(to - from);
                assertThat(blocks.last[b]).isEqualTo(p.rows[to - 1]);
                assertThat(blocks.maxCount[b]).isEqualTo(p.maxCount(from, to));
                assertThat(blocks.minLength[b]).isEqualTo(p.minLength(from, to));
            }
        }
    }

    @Test
    void aSliceOfPostingsEncodesOnlyThatSlice() {
        Postings p = random(new Random(3), 300);
        byte[] blob = PostingCodec.encode(p, 100, 200);
        Postings back = new Postings(1);
        PostingCodec.decodeAll(blob, p.rows[100], back);
        assertThat(Arrays.copyOf(back.rows, back.size)).containsExactly(Arrays.copyOfRange(p.rows, 100, 200));
    }

    @Test
    void occurrencesOfOneRowAddUpToOnePosting() {
        Postings p = new Postings(1);
        p.addOccurrence(5, 3);
        p.addOccurrence(5, 3);
        p.addOccurrence(9, 1);
        assertThat(p.size).isEqualTo(2);
        assertThat(p.counts[0]).isEqualTo(2);
        assertThat(p.counts[1]).isEqualTo(1);
        assertThat(p.remove(5)).isTrue();
        assertThat(p.remove(5)).isFalse();
        assertThat(Arrays.copyOf(p.rows, p.size)).containsExactly(9L);
    }

    @Test
    void aSegmentOfNoPostingsOrTooManyOrAnOversizedBlockIsRefused() {
        Postings p = random(new Random(1), PostingCodec.SEGMENT_MAX + 1);
        assertThatThrownBy(() -> PostingCodec.encode(p, 0, 0)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> PostingCodec.encode(p, 0, PostingCodec.SEGMENT_MAX + 1))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> PostingCodec.encode(p, 0, 10, PostingCodec.BLOCK + 1))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void aBlobWhoseHeadersDoNotMatchItsLengthIsRefused() {
        Postings p = random(new Random(2), 500);
        byte[] blob = PostingCodec.encode(p, 0, 500);
        assertThatThrownBy(() -> PostingCodec.blocks(Arrays.copyOf(blob, blob.length - 1), p.rows[0]))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("a posting segment's headers do not match its length");
        assertThatThrownBy(() -> PostingCodec.blocks(Arrays.copyOf(blob, blob.length + 1), p.rows[0]))
                .isInstanceOf(IllegalArgumentException.class);
    }
}
