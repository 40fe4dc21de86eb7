package dev.boxmaker.memoryd.index.search;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * The FTS5 query recall runs (the spec, section 5): the text split on anything that is not a letter
 * or digit, each term wrapped in double quotes, joined with {@code OR}. A term holds only letters
 * and digits, and the combining marks that follow one (a decomposed accent: {@code e\u0301tude} is one
 * term, as FTS5's unicode61 keeps it one token and folds it to {@code etude}), so no quote, operator,
 * column filter, prefix mark or parenthesis of the model's can reach SQLite; {@code NEAR}, {@code AND}
 * and {@code NOT} become quoted words like any other. Terms equal but for case are kept once, as
 * FTS5 would fold them to one token and count it twice.
 */
public final class QueryTerms {
    private QueryTerms() {
    }

    /** The query's terms, in order of first appearance, each once ignoring case. */
    public static List<String> terms(String query) {
        Set<String> seen = new LinkedHashSet<>();
        List<String> out = new ArrayList<>();
        int start = -1;
        for (int i = 0; i <= query.length(); ) {
            int cp = i < query.length() ? query.codePointAt(i) : ' ';
            boolean word = Character.isLetterOrDigit(cp) || (start >= 0 && mark(cp));
            if (word && start < 0) {
                start = i;
            } else if (!word && start >= 0) {
                String term = query.substring(start, i);
                if (seen.add(term.toLowerCase(Locale.ROOT))) {
                    out.add(term);
                }
                start = -1;
            }
            i += i < query.length() ? Character.charCount(cp) : 1;
        }
        return out;
    }

    /** A combining mark: inside a word, FTS5's unicode61 keeps it in the token and folds it away. */
    private static boolean mark(int cp) {
        int type = Character.getType(cp);
        return type == Character.NON_SPACING_MARK || type == Character.COMBINING_SPACING_MARK
                || type == Character.ENCLOSING_MARK;
    }

    /** The MATCH expression for {@code terms}: {@code "a" OR "b"}; empty when there are none. */
    public static String match(List<String> terms) {
        StringBuilder out = new StringBuilder();
        for (String term : terms) {
            if (out.length() > 0) {
                out.append(" OR ");
            }
            out.append('"').append(term).append('"');
        }
        return out.toString();
    }
}
