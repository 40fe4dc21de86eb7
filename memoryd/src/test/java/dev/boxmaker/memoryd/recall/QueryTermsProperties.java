package dev.boxmaker.memoryd.recall;

import dev.boxmaker.memoryd.index.MemoryIndex;
import dev.boxmaker.proto.testing.TempHomes;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.util.List;
import net.jqwik.api.AfterFailureMode;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.lifecycle.AfterContainer;
import net.jqwik.api.lifecycle.BeforeContainer;

/**
 * 100,000 random queries, none of which raises an SQL error. Queries are drawn from the characters
 * FTS5's syntax gives meaning to, its operator words, control characters and any code point, and run
 * against a small index through one prepared statement, so the whole run takes seconds. jqwik prints
 * the seed of a failing run.
 */
class QueryTermsProperties {
    static final int QUERIES = 100_000;
    static final String SYNTAX = "\"*^:(){}[]+-,.'\\/ \t\n\u0000\u0001\u001f\u007f";

    static Path home;
    static MemoryIndex index;
    static Connection connection;
    static PreparedStatement match;

    @BeforeContainer
    static void open() throws Exception {
        home = TempHomes.create("bxq-terms");
        index = SmallIndex.of(home, List.of("alpha NEAR beta", "text hits rowid", "café AND"));
        connection = dev.boxmaker.memoryd.index.IndexConnections.open(index);
        match = connection.prepareStatement("SELECT count(*) FROM hits WHERE hits MATCH ?");
    }

    @AfterContainer
    static void close() throws Exception {
        match.close();
        connection.close();
        index.close();
        TempHomes.delete(home);
    }

    @Property(tries = QUERIES, afterFailure = AfterFailureMode.RANDOM_SEED)
    void noRandomQueryRaisesAnSqlError(@ForAll("queries") String query) throws Exception {
        List<String> terms = QueryTerms.terms(query);
        if (terms.isEmpty()) {
            return;
        }
        match.setString(1, QueryTerms.match(terms));
        try (ResultSet rs = match.executeQuery()) {
            rs.next();
        }
    }

    @Provide
    Arbitrary<String> queries() {
        Arbitrary<String> syntax = Arbitraries.of(SYNTAX.chars().mapToObj(c -> String.valueOf((char) c)).toList());
        Arbitrary<String> words = Arbitraries.of("NEAR", "AND", "OR", "NOT", "text", "hits", "rowid", "alpha", "café");
        Arbitrary<String> any = Arbitraries.integers().between(0, Character.MAX_CODE_POINT)
                .filter(cp -> cp < Character.MIN_SURROGATE || cp > Character.MAX_SURROGATE)
                .map(Character::toString);
        Arbitrary<String> letters = Arbitraries.strings().withCharRange('a', 'z').ofMinLength(1).ofMaxLength(4);
        return Arbitraries.oneOf(syntax, words, any, letters).list().ofMinSize(1).ofMaxSize(8)
                .map(parts -> String.join("", parts));
    }
}
