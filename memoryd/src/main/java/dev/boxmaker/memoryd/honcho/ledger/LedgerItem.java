package dev.boxmaker.memoryd.honcho.ledger;

/**
 * What the ledger records decisions about (the M5c spec, section 5): a finished turn of a session,
 * or an edit of the journal. Its {@link #key} is also what goes in Honcho's {@code metadata} as
 * {@code boxmaker_item}, so a send whose answer was lost can be looked up.
 */
public sealed interface LedgerItem permits LedgerItem.Turn, LedgerItem.Edit {
    /** {@code turn/<session>/<turn>} or {@code edit/<journal id>}. */
    String key();

    /** A session's turn, by its number in the session. */
    record Turn(String session, long turn) implements LedgerItem {
        public Turn {
            if (session == null || session.isEmpty() || turn < 0) {
                throw new IllegalArgumentException("a turn needs a session and a number of 0 or more");
            }
        }

        @Override
        public String key() {
            return "turn/" + session + "/" + turn;
        }
    }

    /** A journalled memory write, by its journal id ({@code YYYY-MM-DD-NNNN}). */
    record Edit(String id) implements LedgerItem {
        public Edit {
            if (id == null || id.isEmpty()) {
                throw new IllegalArgumentException("an edit needs its journal id");
            }
        }

        @Override
        public String key() {
            return "edit/" + id;
        }
    }
}
