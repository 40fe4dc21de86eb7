package dev.boxmaker.memoryd.honcho.worker;

/** An item the worker cannot send for a reason of its own, not Honcho's: it is marked failed with {@link #kind}. */
final class Unsendable extends Exception {
    private static final long serialVersionUID = 1L;
    /** The log or the journal no longer holds the item. */
    static final String MISSING = "missing";
    /** The log or the journal could not be read. */
    static final String UNREADABLE = "unreadable";
    /** The turn has no speaker who can be a peer (the decision should have sent it nowhere). */
    static final String NO_PEER = "no-peer";
    /** The ledger names a workspace that [honcho] does not. */
    static final String UNKNOWN_WORKSPACE = "unknown-workspace";
    /** A fault of the worker's own (a bug): the item is passed over rather than stop the worker. */
    static final String ERROR = "error";

    private final String kind;

    Unsendable(String kind) {
        super(kind, null, false, false);
        this.kind = kind;
    }

    String kind() {
        return kind;
    }
}
