package dev.boxmaker.memoryd.index;

import dev.boxmaker.memoryd.index.PostingCodec.Postings;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * One batch's terms, found from a plain text's characters in place: a token is looked up by its
 * lower-cased characters without making a string of it, and only a term met for the first time in
 * the batch becomes one. Open addressing on {@link String#hashCode}'s polynomial, so a key's stored
 * hash is its string's.
 *
 * <p>A term gets a number in the order it is first met, and the table counts the rows each term is
 * in as they are met ({@link #plain}, {@link #term}); {@link #postings} then makes each term's
 * postings at exactly that size, so no term's arrays grow by copying while a batch is read.
 */
final class TermTable {
    private static final int INITIAL_SLOTS = 1 << 12;

    /** By slot: the term, its hash, its number (meaningful where the key is set). */
    private String[] keys;
    private int[] hashes;
    private int[] ids;
    /** By number: the term, the rows holding it, and the last row counted for it. */
    private String[] terms;
    private int[] rows;
    private long[] lastRow;
    private int size;
    private Postings[] postings;

    TermTable() {
        this(0);
    }

    /** A table with room for {@code expected} terms before it grows. */
    TermTable(int expected) {
        int slots = INITIAL_SLOTS;
        while (slots / 2 < expected && slots < 1 << 30) {
            slots <<= 1;
        }
        keys = new String[slots];
        hashes = new int[slots];
        ids = new int[slots];
        terms = new String[slots / 2];
        rows = new int[slots / 2];
        lastRow = new long[slots / 2];
    }

    /** The number of the ASCII token {@code text[from, to)}, lower-cased, which {@code row} holds. */
    int plain(String text, int from, int to, long row) {
        int h = 0;
        for (int i = from; i < to; i++) {
            h = 31 * h + Tokens.lower(text.charAt(i));
        }
        int mask = keys.length - 1;
        for (int slot = spread(h) & mask; ; slot = (slot + 1) & mask) {
            String key = keys[slot];
            if (key == null) {
                return counted(insert(slot, Tokens.lower(text, from, to), h), row);
            }
            if (hashes[slot] == h && equalsLowered(key, text, from, to)) {
                return counted(ids[slot], row);
            }
        }
    }

    /** The number of {@code term} (already as FTS5 stores it), which {@code row} holds. */
    int term(String term, long row) {
        int h = term.hashCode();
        int mask = keys.length - 1;
        for (int slot = spread(h) & mask; ; slot = (slot + 1) & mask) {
            String key = keys[slot];
            if (key == null) {
                return counted(insert(slot, term, h), row);
            }
            if (hashes[slot] == h && key.equals(term)) {
                return counted(ids[slot], row);
            }
        }
    }

    /**
     * Every term's postings, empty and sized to the rows counted for it, by number; made once, after
     * the batch's rows have all been counted and before any occurrence is added.
     */
    Postings[] postings() {
        if (postings == null) {
            postings = new Postings[size];
            for (int id = 0; id < size; id++) {
                postings[id] = new Postings(rows[id]);
            }
        }
        return postings;
    }

    /** The terms in order (so their rows are written leaf page after leaf page), with their postings. */
    Map<String, Postings> sorted() {
        Postings[] all = postings();
        Map<String, Postings> out = new LinkedHashMap<>(size * 2);
        for (int id : inTermOrder()) {
            out.put(terms[id], all[id]);
        }
        return out;
    }

    /** The term numbers, ordered by their terms. */
    Integer[] inTermOrder() {
        Integer[] order = new Integer[size];
        for (int id = 0; id < size; id++) {
            order[id] = id;
        }
        Arrays.sort(order, (a, b) -> terms[a].compareTo(terms[b]));
        return order;
    }

    /** The number of terms; they are numbered from 0. */
    int size() {
        return size;
    }

    /**
     * Term number {@code id}, as FTS5 stores it. With {@link #postings}, a build reads a batch's terms
     * by number, in no particular order, without a map made for each batch.
     */
    String term(int id) {
        return terms[id];
    }

    private int counted(int id, long row) {
        if (lastRow[id] != row) {
            lastRow[id] = row;
            rows[id]++;
        }
        return id;
    }

    private int insert(int slot, String key, int h) {
        if (postings != null) {
            throw new IllegalStateException("a term was added after the postings were made");
        }
        int id = size;
        if (id == terms.length) {
            terms = Arrays.copyOf(terms, id * 2);
            rows = Arrays.copyOf(rows, id * 2);
            lastRow = Arrays.copyOf(lastRow, id * 2);
        }
        terms[id] = key;
        lastRow[id] = -1;
        keys[slot] = key;
        hashes[slot] = h;
        ids[slot] = id;
        if (++size * 2 > keys.length) {
            grow();
        }
        return id;
    }

    private void grow() {
        String[] oldKeys = keys;
        int[] oldHashes = hashes;
        int[] oldIds = ids;
        keys = new String[oldKeys.length * 2];
        hashes = new int[oldKeys.length * 2];
        ids = new int[oldKeys.length * 2];
        int mask = keys.length - 1;
        for (int i = 0; i < oldKeys.length; i++) {
            if (oldKeys[i] != null) {
                int slot = spread(oldHashes[i]) & mask;
                while (keys[slot] != null) {
                    slot = (slot + 1) & mask;
                }
                keys[slot] = oldKeys[i];
                hashes[slot] = oldHashes[i];
                ids[slot] = oldIds[i];
            }
        }
    }

    private static int spread(int h) {
        h *= 0x9E3779B9;
        return h ^ (h >>> 16);
    }

    private static boolean equalsLowered(String key, String text, int from, int to) {
        if (key.length() != to - from) {
            return false;
        }
        for (int i = from; i < to; i++) {
            if (key.charAt(i - from) != Tokens.lower(text.charAt(i))) {
                return false;
            }
        }
        return true;
    }
}
