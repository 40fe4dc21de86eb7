package dev.boxmaker.memoryd.index.search;

import dev.boxmaker.memoryd.recall.SmallIndex;
import static org.assertj.core.api.Assertions.assertThat;
import static org.quicktheories.QuickTheory.qt;

import dev.boxmaker.memoryd.index.MemoryIndex;
import dev.boxmaker.proto.testing.TempHomes;
import dev.boxmaker.proto.testing.Texts;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.quicktheories.core.Gen;
import org.quicktheories.generators.Generate;

/**
 * 100,000 random queries, none of which raises an SQL error, and each without terms only when it
 * holds no letter or digit. Queries are drawn from the characters FTS5's syntax gives meaning to, its
 * operator words, control characters and any code point, and run against a small index through one
 * prepared statement, so the whole run takes seconds. A guard holds the property to queries that
 * reach SQLite: most must have terms. QuickTheories prints the seed of a failing run; the README's
 * Tests section says how to replay it.
 */
class QueryTermsProperties {
    static final int QUERIES = 100_000;
    static final String SYNTAX = "\"*^:(){}[]+-,.'\\/ \t\n\u0000\u0001\u001f\u007f";

    static Path home;
    static MemoryIndex index;
    static Connection connection;
    static PreparedStatement match;

    @BeforeAll
    static void open() throws Exception {
        home = TempHomes.create("bxq-terms");
        index = SmallIndex.of(home, List.of("alpha NEAR beta", "text hits rowid", "café AND"));
        connection = dev.boxmaker.memoryd.index.IndexConnections.open(index);
        match = connection.prepareStatement("SELECT count(*) FROM hits WHERE hits MATCH ?");
    }

    @AfterAll
    static void close() throws Exception {
        match.close();
        connection.close();
        index.close();
        TempHomes.delete(home);
    }

    @Test
    void noRandomQueryRaisesAnSqlError() {
        AtomicInteger withTerms = new AtomicInteger();
        qt().withExamples(QUERIES).forAll(queries()).checkAssert(query -> {
            List<String> terms = QueryTerms.terms(query);
            assertThat(terms.isEmpty()).as("no terms exactly when no letter or digit").isEqualTo(
                    query.codePoints().noneMatch(Character::isLetterOrDigit));
            if (terms.isEmpty()) {
                return;
            }
            withTerms.incrementAndGet();
            try {
                match.setString(1, QueryTerms.match(terms));
                try (ResultSet rs = match.executeQuery()) {
                    assertThat(rs.next()).isTrue();
                }
            } catch (java.sql.SQLException e) {
                throw new AssertionError("query " + query + ": " + e.getMessage(), e);
            }
        });
        // Guards the property against passing vacuously: a query without terms never reaches SQLite.
        System.out.printf("QueryTermsProperties: %d of %d queries had terms%n", withTerms.get(), QUERIES);
        assertThat(withTerms.get()).isGreaterThan(QUERIES * 3 / 4);
    }

    static Gen<String> queries() {
        Gen<String> syntax = Generate.pick(SYNTAX.chars().mapToObj(c -> String.valueOf((char) c)).toList());
        Gen<String> words = Generate.pick(List.of("NEAR", "AND", "OR", "NOT", "text", "hits", "rowid", "alpha", "café"));
        Gen<String> any = Generate.range(0, Character.MAX_CODE_POINT - (Character.MAX_SURROGATE - Character.MIN_SURROGATE + 1))
                .map(cp -> Character.toString(cp < Character.MIN_SURROGATE ? cp : cp + Character.MAX_SURROGATE - Character.MIN_SURROGATE + 1));
        Gen<String> letters = Texts.of("abcdefghijklmnopqrstuvwxyz", 1, 4);
        return Texts.joinedOf(Generate.oneOf(syntax, words, any, letters), 1, 8);
    }
}
