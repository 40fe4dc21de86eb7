package dev.boxmaker.memoryd.index.search;

import dev.boxmaker.memoryd.index.search.Hit;
import dev.boxmaker.memoryd.index.search.LiteralSearch;
import dev.boxmaker.memoryd.index.search.Searcher;
import dev.boxmaker.memoryd.recall.SmallIndex;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;

import dev.boxmaker.memoryd.index.MemoryIndex;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** The quoted-terms query: no FTS5 operator or syntax of the model's reaches SQLite. */
class QueryTermsTest {
    @TempDir
    static Path home;
    static MemoryIndex index;

    @BeforeAll
    static void open() throws Exception {
        index = SmallIndex.of(home, List.of("alpha NEAR beta", "alpha AND gamma", "NOT delta", "text: column",
                "launch window moved", "café crème", "étude du jour"));
    }

    @AfterAll
    static void close() {
        index.close();
    }

    @Test
    void termsAreSplitOnAnythingNotALetterOrDigitQuotedAndJoinedWithOr() {
        assertThat(QueryTerms.terms("when did the launch-window move?")).containsExactly("when", "did", "the",
                "launch", "window", "move");
        assertThat(QueryTerms.match(QueryTerms.terms("launch window"))).isEqualTo("\"launch\" OR \"window\"");
    }

    @Test
    void termsEqualButForCaseAreKeptOnce() {
        assertThat(QueryTerms.terms("Launch launch LAUNCH window")).containsExactly("Launch", "window");
    }

    @Test
    void operatorsBecomeQuotedWords() {
        assertThat(QueryTerms.match(QueryTerms.terms("alpha NEAR(beta gamma, 2) AND NOT delta")))
                .isEqualTo("\"alpha\" OR \"NEAR\" OR \"beta\" OR \"gamma\" OR \"2\" OR \"AND\" OR \"NOT\" OR \"delta\"");
        assertThat(QueryTerms.match(QueryTerms.terms("text:column ^start pre* \"unbalanced (paren")))
                .isEqualTo("\"text\" OR \"column\" OR \"start\" OR \"pre\" OR \"unbalanced\" OR \"paren\"");
    }

    @Test
    void aQueryWithNoLetterOrDigitHasNoTerms() {
        assertThat(QueryTerms.terms("\"*^:()\u0000\u0007 -+")).isEmpty();
        assertThat(QueryTerms.match(List.of())).isEmpty();
    }

    @Test
    void lettersOfEveryScriptAreTerms() {
        assertThat(QueryTerms.terms("café crème 東京 2026")).containsExactly("café", "crème", "東京", "2026");
    }

    /**
     * Each query's terms, as QueryTerms splits: on every code point that is not a letter or digit to
     * {@link Character#isLetterOrDigit}, except a combining mark after one, which FTS5's unicode61
     * keeps inside its token and folds away: {@code e\u0301tude} is the one term FTS5 makes {@code etude}.
     * A mark with no letter before it separates.
     */
    static Stream<Arguments> queries() {
        return Stream.of(
                Arguments.of("NEAR(alpha beta)", List.of("NEAR", "alpha", "beta")),
                Arguments.of("alpha AND beta", List.of("alpha", "AND", "beta")),
                Arguments.of("alpha NOT beta", List.of("alpha", "NOT", "beta")),
                Arguments.of("NOT", List.of("NOT")),
                Arguments.of("AND", List.of("AND")),
                Arguments.of("OR", List.of("OR")),
                Arguments.of("alpha*", List.of("alpha")),
                Arguments.of("^alpha", List.of("alpha")),
                Arguments.of("text:alpha", List.of("text", "alpha")),
                Arguments.of("{text}: alpha", List.of("text", "alpha")),
                Arguments.of("- text : alpha", List.of("text", "alpha")),
                Arguments.of("\"alpha", List.of("alpha")),
                Arguments.of("alpha\"\"", List.of("alpha")),
                Arguments.of("((alpha)", List.of("alpha")),
                Arguments.of("alpha)", List.of("alpha")),
                Arguments.of("\u0000alpha\u0000", List.of("alpha")),
                Arguments.of("\u0001\u001f\u007f alpha", List.of("alpha")),
                Arguments.of("alpha\nbeta\ttab", List.of("alpha", "beta", "tab")),
                Arguments.of("+ * ^ : \" ( ) { } [ ] ,", List.of()),
                Arguments.of("NEAR", List.of("NEAR")),
                Arguments.of("near/3", List.of("near", "3")),
                Arguments.of("alpha + beta", List.of("alpha", "beta")),
                Arguments.of("'alpha' OR 'beta'", List.of("alpha", "OR", "beta")),
                Arguments.of("x:y:z", List.of("x", "y", "z")),
                Arguments.of("rowid:1", List.of("rowid", "1")),
                Arguments.of("hits:alpha", List.of("hits", "alpha")),
                Arguments.of("\\", List.of()),
                Arguments.of("café", List.of("café")),
                Arguments.of("ÉCOLE", List.of("ÉCOLE")),
                Arguments.of("\uD83D\uDE00 emoji", List.of("emoji")),
                Arguments.of("a\u0301", List.of("a\u0301")),
                Arguments.of("\u0301b \u20DDc", List.of("b", "c")),
                Arguments.of("5\u20DD x\u0903y", List.of("5\u20DD", "x\u0903y")),
                Arguments.of("\u200b", List.of()),
                Arguments.of("e\u0301tude", List.of("e\u0301tude")));
    }

    @ParameterizedTest
    @MethodSource("queries")
    void everyQuerysTermsAreItsLettersAndDigitsAndNoneRaisesAnSqlError(String query, List<String> expected) {
        List<String> terms = QueryTerms.terms(query);
        assertThat(terms).containsExactlyElementsOf(expected);
        assertThat(QueryTerms.match(terms)).isEqualTo(expected.stream().map(t -> "\"" + t + "\"")
                .collect(java.util.stream.Collectors.joining(" OR ")));
        assertThatCode(() -> new Searcher(index).search(terms, 5)).doesNotThrowAnyException();
        assertThatCode(() -> index.read(c -> LiteralSearch.top(c, terms, 5))).doesNotThrowAnyException();
    }

    @Test
    void aDecomposedAccentFindsTheWordItSpells() throws Exception {
        assertThat(new Searcher(index).search(QueryTerms.terms("E\u0301tude"), 5)).extracting(Hit::text)
                .containsExactly("étude du jour");
        assertThat(new Searcher(index).search(QueryTerms.terms("cre\u0300me"), 5)).extracting(Hit::text)
                .containsExactly("café crème");
    }

    @Test
    void operatorWordsFindTheRowsThatHoldThemAsWords() throws Exception {
        assertThat(new Searcher(index).search(QueryTerms.terms("NEAR"), 5)).extracting(Hit::text)
                .containsExactly("alpha NEAR beta");
        assertThat(new Searcher(index).search(QueryTerms.terms("CAFE"), 5)).extracting(Hit::text)
                .containsExactly("café crème");
    }
}
