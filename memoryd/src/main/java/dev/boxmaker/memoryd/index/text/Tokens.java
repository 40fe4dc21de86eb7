package dev.boxmaker.memoryd.index.text;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;

/**
 * FTS5's {@code unicode61} tokens, for the texts where they can be worked out here exactly.
 *
 * <p>On ASCII, {@code unicode61} keeps runs of letters and digits and folds them to lower case;
 * every other ASCII character separates. Outside ASCII, SQLite's tables are older than Java's (code
 * points assigned since, newer emoji among them, are token characters to SQLite), so the non-ASCII
 * separators are not taken from Java: they are measured once from SQLite itself
 * ({@link #calibrate}), among the spaces, punctuation and symbols Java knows. A text holding only
 * ASCII and measured separators is <em>plain</em>: its tokens are split here. Any other text
 * (accented letters, which FTS5 folds; combining marks; other scripts) is split by FTS5 itself
 * through a scratch table ({@link ScratchTokenizer}). Before calibration only ASCII is plain.
 * Calibration also measures what unicode61 makes of every other BMP code point ({@link Folds}), after
 * which texts of accented letters (and other scripts) are split here too, exactly as FTS5 would.
 */
public final class Tokens {
    /** The non-ASCII code points SQLite's unicode61 treats as separators; empty until calibrated. */
    private static volatile BitSet separators = new BitSet();
    /** What unicode61 makes of each BMP code point, measured after {@link #separators}; null until then. */
    private static volatile Folds folds;

    private Tokens() {
    }

    /** Whether {@link #split} gives exactly FTS5's tokens for {@code text}. */
    public static boolean plain(String text) {
        return plain(text, separators);
    }

    /**
     * The separators measured so far, never changed once returned: a caller that asks {@link #plain}
     * of the same text twice passes the same ones, so a calibration ending in between cannot make the
     * two answers differ.
     */
    public static BitSet known() {
        return separators;
    }

    /** Whether {@link #split} gives exactly FTS5's tokens for {@code text}, {@code known} being {@link #known}'s. */
    static boolean plain(String text, BitSet known) {
        for (int i = 0; i < text.length(); ) {
            int cp = text.codePointAt(i);
            if (cp >= 0x80 && !known.get(cp)) {
                return false;
            }
            i += Character.charCount(cp);
        }
        return true;
    }

    /**
     * The measured folds, or null before they are: a text that is not plain is split by
     * {@link Folds#split} when it can be, else by FTS5 ({@link ScratchTokenizer}).
     */
    public static Folds folds() {
        return folds;
    }

    /** The measured separators, for tests. */
    static BitSet separators() {
        return (BitSet) separators.clone();
    }

    /** Whether a calibration was started and has not failed; one runs per process. */
    private static final java.util.concurrent.atomic.AtomicBoolean CALIBRATING = new java.util.concurrent.atomic.AtomicBoolean();

    /**
     * Starts {@link #calibrate} on {@code on} (memoryd's calibrate thread), once per process. Nobody
     * waits for it: until
     * it is done only ASCII texts are plain, and the others are split by FTS5 itself, which is exact
     * too, so the index opens and a catch-up starts meanwhile (the separators took about 0.3 s of
     * memoryd's cold start, after SQLite's 0.3 s of loading). The folds, 1.3 s more alone and about
     * 3 s beside a build, are measured only once a text that is not plain is met
     * ({@link #measureFoldsSoon}), so a home of ASCII never pays for them. One that fails leaves the
     * next call to start another.
     */
    public static void calibrateSoon(java.util.concurrent.Executor on) {
        measuring = on;
        calibrateSoon();
    }

    /** {@link #calibrateSoon(java.util.concurrent.Executor)} on the thread given last; none before one is given. */
    public static void calibrateSoon() {
        if (!separators.isEmpty() || measuring == null || !CALIBRATING.compareAndSet(false, true)) {
            return;
        }
        background(CALIBRATING, () -> measureSeparators(ScratchTokenizer.shared()));
    }

    /** The thread the measures run on ({@code MemorydThreads#calibrate}), given by the index; null until given. */
    private static volatile java.util.concurrent.Executor measuring;

    /** Whether the folds' measure was started and has not failed; one runs per process. */
    private static final java.util.concurrent.atomic.AtomicBoolean FOLDING = new java.util.concurrent.atomic.AtomicBoolean();

    /** Starts measuring the folds on the measures' thread, once the separators are known; nobody waits for it. */
    static void measureFoldsSoon() {
        if (folds != null || separators.isEmpty() || !FOLDING.compareAndSet(false, true)) {
            return;
        }
        background(FOLDING, () -> calibrate(ScratchTokenizer.shared()));
    }

    private interface Measure {
        void run() throws java.sql.SQLException;
    }

    /** Runs {@code measure} on {@link #measuring}; one it refuses (closed, busy) leaves the next call to try. */
    private static void background(java.util.concurrent.atomic.AtomicBoolean started, Measure measure) {
        java.util.concurrent.Executor on = measuring;
        try {
            if (on == null) {
                throw new java.util.concurrent.RejectedExecutionException("no thread given");
            }
            on.execute(() -> {
                try {
                    measure.run();
                } catch (java.sql.SQLException | RuntimeException e) {
                    started.set(false);
                }
            });
        } catch (java.util.concurrent.RejectedExecutionException e) {
            started.set(false);
        }
    }

    /** Measures the separators, then the folds ({@link Folds#measure}), each once per process. */
    public static synchronized void calibrate(ScratchTokenizer scratch) throws java.sql.SQLException {
        measureSeparators(scratch);
        if (folds == null && !separators.isEmpty()) {
            folds = Folds.measure(scratch, separators);
        }
    }

    /**
     * Measures which candidates ({@link #separatorOutsideAscii}) SQLite splits on: one text of
     * numbered markers, {@code k0k<cp>k1k<cp>…}; a candidate that is not a separator glues its two
     * markers into one token. Done once per process: the SQLite library does not change under it.
     */
    private static synchronized void measureSeparators(ScratchTokenizer scratch) throws java.sql.SQLException {
        if (!separators.isEmpty()) {
            return;
        }
        BitSet measured = candidates();
        java.util.List<Integer> candidates = new ArrayList<>(measured.cardinality());
        StringBuilder text = new StringBuilder("k0k");
        for (int cp = measured.nextSetBit(0); cp >= 0; cp = measured.nextSetBit(cp + 1)) {
            text.appendCodePoint(cp).append('k').append(candidates.size() + 1).append('k');
            candidates.add(cp);
        }
        java.util.regex.Pattern marker = java.util.regex.Pattern.compile("k(\\d+)k");
        for (String token : scratch.tokens(java.util.List.of(text.toString())).get(0)) {
            if (marker.matcher(token).matches()) {
                continue;
            }
            // Every marker in a glued token but the last was followed by a candidate that is no separator.
            java.util.regex.Matcher m = marker.matcher(token);
            java.util.List<Integer> inside = new ArrayList<>();
            while (m.find()) {
                inside.add(Integer.parseInt(m.group(1)));
            }
            for (int j = 0; j < inside.size() - 1; j++) {
                measured.clear(candidates.get(inside.get(j)));
            }
            if (inside.size() <= 1) {
                // A token that cannot be read back: trust no candidate rather than guess.
                separators = new BitSet();
                return;
            }
        }
        separators = measured;
    }

    /**
     * Every code point past ASCII that {@link #separatorOutsideAscii} names. A loop of its own, so
     * the JIT compiles this loop over a million code points alone, not all of {@link #calibrate}
     * around it (a 31 kB compilation that took C2 longer than the loop it sped up).
     */
    static BitSet candidates() {
        BitSet out = new BitSet();
        for (int cp = 0x80; cp <= Character.MAX_CODE_POINT; cp++) {
            if ((cp < Character.MIN_SURROGATE || cp > Character.MAX_SURROGATE) && separatorOutsideAscii(cp)) {
                out.set(cp);
            }
        }
        return out;
    }

    /** The non-ASCII categories that unicode61 reads as separators: Z*, P*, S*. */
    static boolean separatorOutsideAscii(int cp) {
        return switch (Character.getType(cp)) {
            case Character.SPACE_SEPARATOR, Character.LINE_SEPARATOR, Character.PARAGRAPH_SEPARATOR,
                    Character.CONNECTOR_PUNCTUATION, Character.DASH_PUNCTUATION, Character.START_PUNCTUATION,
                    Character.END_PUNCTUATION, Character.INITIAL_QUOTE_PUNCTUATION,
                    Character.FINAL_QUOTE_PUNCTUATION, Character.OTHER_PUNCTUATION, Character.MATH_SYMBOL,
                    Character.CURRENCY_SYMBOL, Character.MODIFIER_SYMBOL, Character.OTHER_SYMBOL -> true;
            default -> false;
        };
    }

    /**
     * The FTS5 tokens of each text that is not plain (Tokens.plain), null for a plain one: split by the
     * measured {@code folds} where they can, the rest by FTS5 itself, all of a batch at once.
     */
    public static List<List<String>> others(List<String> texts, BitSet known, Folds folds, ScratchTokenizer scratch)
            throws java.sql.SQLException {
        List<List<String>> out = new ArrayList<>(texts.size());
        List<String> others = new ArrayList<>();
        List<Integer> at = new ArrayList<>();
        for (String text : texts) {
            List<String> tokens = null;
            if (!Tokens.plain(text, known)) {
                if (folds == null) {
                    measureFoldsSoon();
                }
                tokens = folds == null ? null : folds.split(text);
                if (tokens == null) {
                    at.add(out.size());
                    others.add(text);
                }
            }
            out.add(tokens);
        }
        if (!others.isEmpty()) {
            List<List<String>> split = scratch.tokens(others);
            for (int i = 0; i < at.size(); i++) {
                out.set(at.get(i), split.get(i));
            }
        }
        return out;
    }

    /** Whether {@code term} is one ASCII token as FTS5 would store it: lower-case letters and digits. */
    public static boolean asciiToken(String term) {
        if (term.isEmpty()) {
            return false;
        }
        for (int i = 0; i < term.length(); i++) {
            char c = term.charAt(i);
            if (!((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9'))) {
                return false;
            }
        }
        return true;
    }

    /** Where the next token of a plain text starts, at or after {@code from}; the length when none does. */
    public static int next(String text, int from) {
        while (from < text.length() && !word(text.charAt(from))) {
            from++;
        }
        return from;
    }

    /** Where the token of a plain text starting at {@code from} ends. */
    public static int end(String text, int from) {
        while (from < text.length() && word(text.charAt(from))) {
            from++;
        }
        return from;
    }

    /** An ASCII letter or digit: a token character of a plain text. */
    static boolean word(char c) {
        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
    }

    /** The tokens of a plain text, in order: runs of ASCII letters and digits, lower-cased. */
    public static List<String> split(String text) {
        List<String> tokens = new ArrayList<>();
        for (int from = next(text, 0); from < text.length(); ) {
            int to = end(text, from);
            tokens.add(lower(text, from, cut(from, to)));
            from = next(text, to);
        }
        return tokens;
    }

    /**
     * Where FTS5 cuts the plain token {@code text[from, to)}: at {@link Folds#MAX_TOKEN_BYTES}, one byte a
     * character; the rest of it is no token of its own.
     */
    public static int cut(int from, int to) {
        return Math.min(to, from + Folds.MAX_TOKEN_BYTES);
    }

    /** An ASCII letter or digit as FTS5 stores it: lower case. */
    public static char lower(char c) {
        return c >= 'A' && c <= 'Z' ? (char) (c + ('a' - 'A')) : c;
    }

    /** {@code text[from, to)}, ASCII letters and digits, lower-cased as FTS5 stores them. */
    public static String lower(String text, int from, int to) {
        char[] out = new char[to - from];
        for (int i = from; i < to; i++) {
            out[i - from] = lower(text.charAt(i));
        }
        return new String(out);
    }
}
