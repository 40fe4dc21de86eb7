package dev.boxmaker.memoryd.index;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.boxmaker.memoryd.index.PostingCodec.Postings;
import java.util.Map;
import org.junit.jupiter.api.Test;

class TermTableTest {
    @Test
    void termsAreNumberedAsFirstMetAndTheirPostingsAreMadeAtTheRowsCountedForThem() {
        TermTable table = new TermTable();
        String text = "Launch the LAUNCH window";
        assertThat(table.plain(text, 0, 6, 10)).isZero();
        assertThat(table.plain(text, 7, 10, 10)).isEqualTo(1);
        assertThat(table.plain(text, 11, 17, 10)).isZero();
        assertThat(table.term("window", 10)).isEqualTo(2);
        assertThat(table.term("launch", 11)).isZero();
        assertThat(table.term("launch", 12)).isZero();
        Postings[] postings = table.postings();
        assertThat(postings).hasSize(3);
        // launch: rows 10, 11 and 12 (twice in row 10 counts once); the: 10; window: 10.
        assertThat(postings[0].rows).hasSize(3);
        assertThat(postings[1].rows).hasSize(1);
        assertThat(postings[2].rows).hasSize(1);
        assertThat(table.postings()).isSameAs(postings);
        assertThat(table.sorted().keySet()).containsExactly("launch", "the", "window");
        Map<String, Postings> unordered = table.unordered();
        assertThat(unordered).containsOnlyKeys("launch", "the", "window");
        assertThat(unordered.get("the")).isSameAs(postings[1]);
    }

    @Test
    void manyTermsKeepTheirNumbersThroughTheTableGrowing() {
        TermTable table = new TermTable();
        for (int i = 0; i < 20_000; i++) {
            assertThat(table.term("t" + i, i)).isEqualTo(i);
        }
        for (int i = 0; i < 20_000; i += 997) {
            assertThat(table.term("t" + i, 20_000)).isEqualTo(i);
        }
        assertThat(table.postings()[997].rows).hasSize(2);
        assertThat(table.postings()[998].rows).hasSize(1);
    }

    @Test
    void aTermAddedAfterThePostingsWereMadeIsRefused() {
        TermTable table = new TermTable();
        table.term("launch", 1);
        table.postings();
        assertThat(table.term("launch", 2)).isZero();
        assertThatThrownBy(() -> table.term("window", 2)).isInstanceOf(IllegalStateException.class);
    }
}
