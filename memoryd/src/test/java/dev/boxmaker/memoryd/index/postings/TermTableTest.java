package dev.boxmaker.memoryd.index.postings;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.boxmaker.memoryd.index.postings.PostingCodec.Postings;
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
        assertThat(table.size()).isEqualTo(3);
        assertThat(table.term(0)).isEqualTo("launch");
        assertThat(table.term(1)).isEqualTo("the");
        assertThat(table.term(2)).isEqualTo("window");
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
    void aTableSizedForAnotherBatchNumbersItsTermsAlikeAndStillGrows() {
        TermTable sized = new TermTable(5_000);
        TermTable grown = new TermTable();
        for (int i = 0; i < 12_000; i++) {
            String term = "t" + (i * 7919 % 12_000);
            assertThat(sized.term(term, i)).isEqualTo(grown.term(term, i));
        }
        assertThat(sized.size()).isEqualTo(12_000);
        for (int id = 0; id < sized.size(); id++) {
            assertThat(sized.term(id)).isEqualTo(grown.term(id));
        }
    }

    @Test
    void termsOfTheSameHashAreTwoTermsAndATokenFindsItsOwn() {
        TermTable table = new TermTable();
        assertThat("aa".hashCode()).isEqualTo("bB".hashCode());
        assertThat(table.term("bB", 1)).isZero();
        // "AA" is looked up as "aa": the same hash as "bB", another term.
        assertThat(table.plain("AA bB", 0, 2, 1)).isEqualTo(1);
        assertThat(table.term("aa", 2)).isEqualTo(1);
        assertThat(table.plain("AA aa", 3, 5, 3)).isEqualTo(1);
        assertThat(table.term("bB", 3)).isZero();
        assertThat(table.size()).isEqualTo(2);
        assertThat(table.term(0)).isEqualTo("bB");
        assertThat(table.term(1)).isEqualTo("aa");
        assertThat(table.postings()[1].rows).hasSize(3);
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
