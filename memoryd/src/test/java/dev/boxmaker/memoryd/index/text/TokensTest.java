package dev.boxmaker.memoryd.index.text;

import dev.boxmaker.memoryd.index.TestIndexes;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The plain tokenizer agrees with SQLite's unicode61, checked against SQLite itself. */
class TokensTest {

    @Test
    void everyMeasuredSeparatorIsOneToSqliteAndNewerCodePointsAreNot() throws Exception {
        ScratchTokenizer scratch = ScratchTokenizer.shared();
        Tokens.calibrate(scratch);
        BitSet separators = Tokens.separators();
        assertThat(separators.cardinality()).isGreaterThan(4_000);
        // Checked one code point per text, independently of how calibrate measured them.
        List<String> texts = new ArrayList<>();
        separators.stream().forEach(cp -> texts.add("x" + Character.toString(cp) + "x"));
        assertThat(scratch.tokens(texts)).allMatch(t -> t.equals(List.of("x", "x")));
        // The first candidates past ASCII are measured too: a no-break space, «, and the middle dot.
        assertThat(separators.get(0xA0)).isTrue();
        assertThat(separators.get(0xAB)).isTrue();
        assertThat(separators.get(0xB7)).isTrue();
        // U+1F600 (Unicode 6.1) separates; U+1F914 (Unicode 8) is a token character to SQLite.
        assertThat(separators.get(0x1F600)).isTrue();
        assertThat(separators.get(0x1F914)).isFalse();
        assertThat(scratch.tokens(List.of("x\uD83E\uDD14x")).get(0)).hasSize(1);
    }

    @Test
    void plainTextsSplitAsSqliteSplitsThem() throws Exception {
        List<String> texts = List.of("Hello, World! it's 2026-09-20 — “quoted” … \uD83D\uDE00 ok_then A1b2",
                "read_file {\"path\":\"/srv/notes/q3.txt\"}", "", "   ", "UPPER lower MiXeD");
        ScratchTokenizer scratch = ScratchTokenizer.shared();
        Tokens.calibrate(scratch);
        List<List<String>> sqlite = scratch.tokens(texts);
        for (int i = 0; i < texts.size(); i++) {
            assertThat(Tokens.plain(texts.get(i))).as(texts.get(i)).isTrue();
            assertThat(Tokens.split(texts.get(i))).as(texts.get(i)).isEqualTo(sqlite.get(i));
        }
    }

    /** FTS5 cuts a token to 32,768 bytes; the plain path kept all 40,000 letters, a term FTS5 never holds. */
    @Test
    void aPlainTokenLongerThanFts5KeepsIsCutAsFts5CutsIt(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir)
            throws Exception {
        String text = "x".repeat(40_000) + " Y";
        assertThat(Tokens.plain(text)).isTrue();
        assertThat(Tokens.split(text)).isEqualTo(ScratchTokenizer.shared().tokens(List.of(text)).get(0));
        try (java.sql.Connection c = TestIndexes.build(dir.resolve("memory.sqlite3"), List.of(text, "x y"),
                List.of("2026-09-20T14:00:00Z", "2026-09-20T14:01:00Z"))) {
            assertThat(TestIndexes.postings(c, false)).containsExactlyElementsOf(TestIndexes.postings(c, true));
        }
    }

    @Test
    void accentedAndOtherLettersAreNotPlain() {
        assertThat(Tokens.plain("café")).isFalse();
        assertThat(Tokens.plain("e\u0301")).isFalse();
        assertThat(Tokens.plain("東京")).isFalse();
        assertThat(Tokens.plain("x\uD83E\uDD14x")).isFalse();
        assertThat(Tokens.asciiToken("launch")).isTrue();
        assertThat(Tokens.asciiToken("Launch")).isFalse();
    }
}
