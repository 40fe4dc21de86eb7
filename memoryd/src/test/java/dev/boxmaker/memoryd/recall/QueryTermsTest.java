package dev.boxmaker.memoryd.recall;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;

import dev.boxmaker.memoryd.index.MemoryIndex;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;

/** The quoted-terms query: no FTS5 operator or syntax of the model's reaches SQLite. */
class QueryTermsTest {
    @TempDir
    static Path home;
    static MemoryIndex index;

    @BeforeAll
    static void open() throws Exception {
        index = SmallIndex.of(home, List.of("alpha NEAR beta", "alpha AND gamma", "NOT delta", "text: column",
                "launch window moved", "café crème"));
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

    @ParameterizedTest
    @ValueSource(strings = {"NEAR(alpha beta)", "alpha AND beta", "alpha NOT beta", "NOT", "AND", "OR", "alpha*",
            "^alpha", "text:alpha", "{text}: alpha", "- text : alpha", "\"alpha", "alpha\"\"", "((alpha)", "alpha)",
            "\u0000alpha\u0000", "\u0001\u001f\u007f alpha", "alpha\nbeta\ttab", "+ * ^ : \" ( ) { } [ ] ,",
            "NEAR", "near/3", "alpha + beta", "'alpha' OR 'beta'", "x:y:z", "rowid:1", "hits:alpha", "\\",
            "café", "ÉCOLE", "\uD83D\uDE00 emoji", "a\u0301", "\u200b", "e\u0301tude"})
    void noQueryRaisesAnSqlError(String query) {
        List<String> terms = QueryTerms.terms(query);
        assertThatCode(() -> new Searcher(index).search(terms, 5)).doesNotThrowAnyException();
        assertThatCode(() -> index.read(c -> LiteralSearch.top(c, terms, 5))).doesNotThrowAnyException();
    }

    @Test
    void operatorWordsFindTheRowsThatHoldThemAsWords() throws Exception {
        assertThat(new Searcher(index).search(QueryTerms.terms("NEAR"), 5)).extracting(Hit::text)
                .containsExactly("alpha NEAR beta");
        assertThat(new Searcher(index).search(QueryTerms.terms("CAFE"), 5)).extracting(Hit::text)
                .containsExactly("café crème");
    }
}
