package dev.boxmaker.memoryd.index;

/** The index file is damaged (corrupt, or not a database): recall cannot search until a reindex. */
public final class IndexDamagedException extends Exception {
    public IndexDamagedException() {
        super("the index is damaged", null, false, false);
    }
}
