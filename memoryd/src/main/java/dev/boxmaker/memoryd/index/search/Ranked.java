package dev.boxmaker.memoryd.index.search;

/** A row and its FTS5 {@code bm25} score (negative: lower is better), with its time for ties. */
public record Ranked(long rowid, double bm25, String time) {
    /** bm25 ascending (best first), then the newer row, then the later rowid: the literal query's order. */
    public static int order(Ranked a, Ranked b) {
        int c = Double.compare(a.bm25, b.bm25);
        if (c != 0) {
            return c;
        }
        c = b.time.compareTo(a.time);
        return c != 0 ? c : Long.compare(b.rowid, a.rowid);
    }
}
