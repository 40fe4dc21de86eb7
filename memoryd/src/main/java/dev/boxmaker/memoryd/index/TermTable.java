package dev.boxmaker.memoryd.index;

import dev.boxmaker.memoryd.index.PostingCodec.Postings;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * One batch's terms and their postings, found from a plain text's characters in place: a token is
 * looked up by its lower-cased characters without making a string of it, and only a term met for
 * the first time in the batch becomes one. Open addressing on {@link String#hashCode}'s polynomial,
 * so a key's stored hash is its string's.
 */
final class TermTable {
    private String[] keys = new String[1 << 12];
    private Postings[] values = new Postings[1 << 12];
    private int[] hashes = new int[1 << 12];
    private int size;

    /** The postings of the ASCII token {@code text[from, to)}, lower-cased, made empty when new. */
    Postings plain(String text, int from, int to) {
        int h = 0;
        for (int i = from; i < to; i++) {
            h = 31 * h + Tokens.lower(text.charAt(i));
        }
        int mask = keys.length - 1;
        for (int slot = spread(h) & mask; ; slot = (slot + 1) & mask) {
            String key = keys[slot];
            if (key == null) {
                char[] chars = new char[to - from];
                for (int i = from; i < to; i++) {
                    chars[i - from] = Tokens.lower(text.charAt(i));
                }
                return insert(slot, new String(chars), h);
            }
            if (hashes[slot] == h && equalsLowered(key, text, from, to)) {
                return values[slot];
            }
        }
    }

    /** The postings of {@code term} (already as FTS5 stores it), made empty when new. */
    Postings term(String term) {
        int h = term.hashCode();
        int mask = keys.length - 1;
        for (int slot = spread(h) & mask; ; slot = (slot + 1) & mask) {
            String key = keys[slot];
            if (key == null) {
                return insert(slot, term, h);
            }
            if (hashes[slot] == h && key.equals(term)) {
                return values[slot];
            }
        }
    }

    /** The terms in order (so their rows are written leaf page after leaf page), with their postings. */
    Map<String, Postings> sorted() {
        String[] terms = new String[size];
        int n = 0;
        for (String key : keys) {
            if (key != null) {
                terms[n++] = key;
            }
        }
        Arrays.sort(terms);
        Map<String, Postings> out = new LinkedHashMap<>(size * 2);
        for (String t : terms) {
            out.put(t, term(t));
        }
        return out;
    }

    /** The terms and their postings in no particular order, for a writer that orders its own writes. */
    Map<String, Postings> unordered() {
        Map<String, Postings> out = new java.util.HashMap<>(size * 2);
        for (int i = 0; i < keys.length; i++) {
            if (keys[i] != null) {
                out.put(keys[i], values[i]);
            }
        }
        return out;
    }

    private Postings insert(int slot, String key, int h) {
        Postings p = new Postings(2);
        keys[slot] = key;
        hashes[slot] = h;
        values[slot] = p;
        if (++size * 2 > keys.length) {
            grow();
        }
        return p;
    }

    private void grow() {
        String[] oldKeys = keys;
        Postings[] oldValues = values;
        int[] oldHashes = hashes;
        keys = new String[oldKeys.length * 2];
        values = new Postings[oldKeys.length * 2];
        hashes = new int[oldKeys.length * 2];
        int mask = keys.length - 1;
        for (int i = 0; i < oldKeys.length; i++) {
            if (oldKeys[i] != null) {
                int slot = spread(oldHashes[i]) & mask;
                while (keys[slot] != null) {
                    slot = (slot + 1) & mask;
                }
                keys[slot] = oldKeys[i];
                values[slot] = oldValues[i];
                hashes[slot] = oldHashes[i];
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
