package dev.boxmaker.memoryd.index.text;

import java.sql.SQLException;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;

/**
 * What FTS5's {@code unicode61} makes of every code point of the Basic Multilingual Plane past ASCII,
 * measured from SQLite itself ({@link #measure}), so texts with accented letters are split here too.
 *
 * <p>{@code unicode61} (fts5_tokenize.c, defaults {@code categories 'L* N* Co'} and
 * {@code remove_diacritics 1}) reads each code point alone: a separator, or a token character that it
 * folds (case, then diacritics) to one code point or to nothing. The one thing that depends on where a
 * code point stands: a diacritic (U+0300..U+0331, not a letter) is a token character inside a token but
 * a separator where a token would start. So each code point is one of: a separator; one that starts a
 * token; one that counts only inside a token ({@link #INSIDE_ONLY}, a separator elsewhere); one that
 * folds to nothing ({@link #DROPPED}: dropped inside a token; where a token would start it is not
 * measured, and such a text is left to FTS5). Code points not measured (outside the BMP, or ones the
 * measurement could not read back) leave their text to FTS5 ({@link ScratchTokenizer}) as before.
 */
public final class Folds {
    static final byte UNKNOWN = 0;
    static final byte SEPARATOR = 1;
    static final byte STARTS = 2;
    static final byte INSIDE_ONLY = 3;
    static final byte DROPPED = 4;
    /** FTS5 cuts a longer token to this many bytes (FTS5_MAX_TOKEN_SIZE); such a text is left to FTS5. */
    static final int MAX_TOKEN_BYTES = 32768;
    /** Texts longer than this hold each of their terms once ({@link #split}). */
    static final int INTERN_ABOVE_CHARS = 1 << 16;

    private final byte[] kinds;
    private final char[] folded;

    private Folds(byte[] kinds, char[] folded) {
        this.kinds = kinds;
        this.folded = folded;
    }

    /** What was measured for {@code cp}, for tests. */
    byte kind(int cp) {
        return cp < kinds.length ? kinds[cp] : UNKNOWN;
    }

    /**
     * Measures every BMP code point past ASCII that is not in {@code separators}: inside a token
     * ({@code k<i>k<cp>k<i>k}, read back by the known markers, never by a pattern: some code points
     * fold to ASCII letters or digits, the Kelvin sign to {@code k}), then, for those that fold to a
     * code point, where a token would start ({@code <cp>k<i>k}). Null when a token cannot be read back.
     */
    static Folds measure(ScratchTokenizer scratch, BitSet separators) throws SQLException {
        byte[] kinds = new byte[0x10000];
        char[] folded = new char[0x10000];
        List<Integer> probed = new ArrayList<>();
        StringBuilder inside = new StringBuilder();
        for (int cp = 0x80; cp < 0x10000; cp++) {
            if (Character.isSurrogate((char) cp)) {
                continue;
            }
            if (separators.get(cp)) {
                kinds[cp] = SEPARATOR;
                continue;
            }
            String m = marker(probed.size());
            inside.append(m).append((char) cp).append(m).append(' ');
            probed.add(cp);
        }
        List<String> tokens = scratch.tokens(List.of(inside.toString())).get(0);
        List<Integer> folding = new ArrayList<>();
        int t = 0;
        for (int i = 0; i < probed.size(); i++) {
            String m = marker(i);
            int cp = probed.get(i);
            if (t >= tokens.size()) {
                return null;
            }
            String token = tokens.get(t++);
            if (token.equals(m)) {
                if (t >= tokens.size() || !tokens.get(t++).equals(m)) {
                    return null;
                }
                kinds[cp] = SEPARATOR;
            } else if (token.length() >= 2 * m.length() && token.startsWith(m) && token.endsWith(m)) {
                String x = token.substring(m.length(), token.length() - m.length());
                if (x.isEmpty()) {
                    kinds[cp] = DROPPED;
                } else if (x.length() == 1 && !Character.isSurrogate(x.charAt(0))) {
                    folded[cp] = x.charAt(0);
                    folding.add(cp);
                }
                // Anything else (a fold outside the BMP) stays UNKNOWN: its texts go to FTS5.
            } else {
                return null;
            }
        }
        if (t != tokens.size()) {
            return null;
        }
        StringBuilder starts = new StringBuilder();
        for (int i = 0; i < folding.size(); i++) {
            starts.append((char) (int) folding.get(i)).append(marker(i)).append(' ');
        }
        List<String> read = scratch.tokens(List.of(starts.toString())).get(0);
        if (read.size() != folding.size()) {
            return null;
        }
        for (int i = 0; i < folding.size(); i++) {
            int cp = folding.get(i);
            String m = marker(i);
            if (read.get(i).equals(m)) {
                kinds[cp] = INSIDE_ONLY;
            } else if (read.get(i).equals(folded[cp] + m)) {
                kinds[cp] = STARTS;
            } else {
                return null;
            }
        }
        return new Folds(kinds, folded);
    }

    private static String marker(int i) {
        return "k" + i + "k";
    }

    /**
     * FTS5's tokens of {@code text}, or null when it holds a code point not measured, a
     * {@link #DROPPED} one where a token would start, or a token FTS5 would cut.
     */
    public List<String> split(String text) {
        List<String> out = new ArrayList<>();
        // A long text's terms are held once, as the scratch tokenizer holds them: a string a token took
        // about 60 bytes of heap a token, more than an accented record of 6 MB leaves in memoryd's heap.
        java.util.Map<String, String> terms = text.length() > INTERN_ABOVE_CHARS ? new java.util.HashMap<>() : null;
        StringBuilder token = new StringBuilder();
        boolean in = false;
        int bytes = 0;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            char add;
            if (c < 0x80) {
                add = Tokens.word(c) ? Tokens.lower(c) : 0;
                in |= add != 0;
            } else {
                switch (kinds[c]) {
                    case STARTS -> {
                        add = folded[c];
                        in = true;
                    }
                    case INSIDE_ONLY -> add = in ? folded[c] : 0;
                    case DROPPED -> {
                        if (!in) {
                            return null;
                        }
                        continue;
                    }
                    case SEPARATOR -> add = 0;
                    default -> {
                        return null;
                    }
                }
            }
            if (add != 0) {
                token.append(add);
                bytes += add < 0x80 ? 1 : add < 0x800 ? 2 : 3;
                if (bytes > MAX_TOKEN_BYTES) {
                    return null;
                }
            } else if (in) {
                out.add(terms == null ? token.toString() : terms.computeIfAbsent(token.toString(), t -> t));
                token.setLength(0);
                bytes = 0;
                in = false;
            }
        }
        if (in) {
            out.add(terms == null ? token.toString() : terms.computeIfAbsent(token.toString(), t -> t));
        }
        return out;
    }
}
