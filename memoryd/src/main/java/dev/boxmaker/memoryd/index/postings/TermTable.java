package dev.boxmaker.memoryd.index.postings;

import dev.boxmaker.memoryd.index.postings.PostingCodec.Postings;
import dev.boxmaker.memoryd.index.text.Tokens;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * One batch's terms, found from a plain text's characters in place: a token is looked up by its
 * lower-cased characters without making a string of it, and only a term met for the first time in
 * the batch becomes one. Open addressing on {@link String#hashCode}'s polynomial, a slot holding a
 * term's hash and number in one {@code long}, and a token compared with the characters of the terms
 * kept one after another in one array: a lookup reads two arrays, where reading each term's string
 * and its bytes, scattered over the heap, took a sixth of a build's reading thread in misses.
 *
 * <p>A term gets a number in the order it is first met, and the table counts the rows each term is
 * in as they are met ({@link #plain}, {@link #term}); {@link #postings} then makes each term's
 * postings at exactly that size, so no term's arrays grow by copying while a batch is read.
 */
public final class TermTable {
    private static final int INITIAL_SLOTS = 1 << 12;

    /** By slot: 0 when empty, else the term's hash in the high half and its number + 1 in the low. */
    private long[] slots;
    /** The terms' characters one after another; term {@code id}'s are {@code chars[starts[id], starts[id + 1])}. */
    private char[] chars = new char[1 << 12];
    /**
     * By number: where its characters start (with one entry more, where the next term's will), the
     * term, the rows holding it, and the last row counted for it.
     */
    private int[] starts;
    private String[] terms;
    private int[] rows;
    private long[] lastRow;
    private int size;
    private Postings[] postings;

    public TermTable() {
        this(0);
    }

    /** A table with room for {@code expected} terms before it grows. */
    public TermTable(int expected) {
        int slotCount = INITIAL_SLOTS;
        while (slotCount / 2 < expected && slotCount < 1 << 30) {
            slotCount <<= 1;
        }
        slots = new long[slotCount];
        starts = new int[slotCount / 2 + 1];
        terms = new String[slotCount / 2];
        rows = new int[slotCount / 2];
        lastRow = new long[slotCount / 2];
    }

    /** The number of the ASCII token {@code text[from, to)}, lower-cased, which {@code row} holds. */
    public int plain(String text, int from, int to, long row) {
        int h = 0;
        for (int i = from; i < to; i++) {
            h = 31 * h + Tokens.lower(text.charAt(i));
        }
        int mask = slots.length - 1;
        for (int slot = spread(h) & mask; ; slot = (slot + 1) & mask) {
            long v = slots[slot];
            if (v == 0) {
                return counted(insert(slot, Tokens.lower(text, from, to), h), row);
            }
            int id = (int) v - 1;
            if ((int) (v >>> 32) == h && equalsLowered(id, text, from, to)) {
                return counted(id, row);
            }
        }
    }

    /** The number of {@code term} (already as FTS5 stores it), which {@code row} holds. */
    public int term(String term, long row) {
        int h = term.hashCode();
        int mask = slots.length - 1;
        for (int slot = spread(h) & mask; ; slot = (slot + 1) & mask) {
            long v = slots[slot];
            if (v == 0) {
                return counted(insert(slot, term, h), row);
            }
            int id = (int) v - 1;
            if ((int) (v >>> 32) == h && terms[id].equals(term)) {
                return counted(id, row);
            }
        }
    }

    /**
     * Every term's postings, empty and sized to the rows counted for it, by number; made once, after
     * the batch's rows have all been counted and before any occurrence is added.
     */
    public Postings[] postings() {
        if (postings == null) {
            postings = new Postings[size];
            for (int id = 0; id < size; id++) {
                postings[id] = new Postings(rows[id]);
            }
        }
        return postings;
    }

    /** The terms in order (so their rows are written leaf page after leaf page), with their postings. */
    public Map<String, Postings> sorted() {
        Postings[] all = postings();
        Map<String, Postings> out = new LinkedHashMap<>(size * 2);
        for (int id : inTermOrder()) {
            out.put(terms[id], all[id]);
        }
        return out;
    }

    /** The term numbers, ordered by their terms. */
    public Integer[] inTermOrder() {
        Integer[] order = new Integer[size];
        for (int id = 0; id < size; id++) {
            order[id] = id;
        }
        Arrays.sort(order, (a, b) -> terms[a].compareTo(terms[b]));
        return order;
    }

    /** The number of terms; they are numbered from 0. */
    public int size() {
        return size;
    }

    /**
     * Term number {@code id}, as FTS5 stores it. With {@link #postings}, a build reads a batch's terms
     * by number, in no particular order, without a map made for each batch.
     */
    public String term(int id) {
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
            starts = Arrays.copyOf(starts, id * 2 + 1);
        }
        int at = starts[id];
        if (at + key.length() > chars.length) {
            chars = Arrays.copyOf(chars, Math.max(chars.length * 2, at + key.length()));
        }
        key.getChars(0, key.length(), chars, at);
        starts[id + 1] = at + key.length();
        terms[id] = key;
        lastRow[id] = -1;
        slots[slot] = (long) h << 32 | (id + 1L);
        if (++size * 2 > slots.length) {
            grow();
        }
        return id;
    }

    private void grow() {
        long[] old = slots;
        slots = new long[old.length * 2];
        int mask = slots.length - 1;
        for (long v : old) {
            if (v != 0) {
                int slot = spread((int) (v >>> 32)) & mask;
                while (slots[slot] != 0) {
                    slot = (slot + 1) & mask;
                }
                slots[slot] = v;
            }
        }
    }

    private static int spread(int h) {
        h *= 0x9E3779B9;
        return h ^ (h >>> 16);
    }

    /** Whether term {@code id} is {@code text[from, to)} lower-cased. */
    private boolean equalsLowered(int id, String text, int from, int to) {
        int at = starts[id];
        if (starts[id + 1] - at != to - from) {
            return false;
        }
        char[] c = chars;
        for (int i = from; i < to; i++, at++) {
            if (c[at] != Tokens.lower(text.charAt(i))) {
                return false;
            }
        }
        return true;
    }
}
