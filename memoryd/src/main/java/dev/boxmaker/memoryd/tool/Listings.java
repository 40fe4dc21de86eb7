package dev.boxmaker.memoryd.tool;

import dev.boxmaker.memoryd.sentences.ReviewSentences;
import dev.boxmaker.memoryd.edits.Edit;
import dev.boxmaker.memoryd.edits.PendingWrite;
import dev.boxmaker.memoryd.files.MemoryDir;
import dev.boxmaker.proto.text.Escape;
import dev.boxmaker.proto.text.Sanitize;
import java.util.List;

/**
 * The owner's listings for {@code memory_admin} (bxctl.md): the journal ({@code log}) and the writes
 * waiting for review ({@code pending}). Every entry is escaped onto one line, so a memory cannot
 * draw on the owner's terminal or span lines that look like another edit.
 *
 * <pre>
 * 2026-09-24-0003  2026-09-24T21:02:11Z  mm-abc  consolidate memory → memory.md
 *   + a new or rewritten entry
 *   - an entry that left the file (moved to notes.md)
 * </pre>
 */
final class Listings {
    private static final String SEP = "  ";

    /**
     * The most characters of one log listing. Escaped, a character is at most 3 bytes of the reply's
     * JSON (an escape's backslash 2), so a listing stays far inside the 16 MiB frame; one past it
     * ends with {@code Sentences.logCut}, naming the id to list on from.
     */
    static final int LOG_TEXT_CHARS_MAX = 4_000_000;

    private Listings() {
    }

    /** Edits newest first; each a header line and a line per entry added ({@code +}) or removed ({@code -}). */
    static String log(List<Edit> oldestFirst) {
        return log(oldestFirst, LOG_TEXT_CHARS_MAX);
    }

    /** {@link #log} within {@code charsMax}: the first edit always, then each that still fits whole. */
    static String log(List<Edit> oldestFirst, int charsMax) {
        if (oldestFirst.isEmpty()) {
            return ReviewSentences.NO_EDITS;
        }
        StringBuilder out = new StringBuilder();
        StringBuilder one = new StringBuilder();
        for (int i = oldestFirst.size() - 1; i >= 0; i--) {
            one.setLength(0);
            edit(one, oldestFirst.get(i));
            if (out.length() > 0 && out.length() + one.length() > charsMax) {
                int shown = oldestFirst.size() - 1 - i;
                return out.append(dev.boxmaker.proto.Sentences.logCut(shown, oldestFirst.size(),
                        oldestFirst.get(i + 1).id())).append('\n').toString();
            }
            out.append(one);
        }
        return out.toString();
    }

    private static void edit(StringBuilder out, Edit e) {
        out.append(e.id()).append(SEP).append(e.time()).append(SEP).append(Escape.escapeLine(e.session()))
                .append(SEP).append(what(e)).append('\n');
        for (String entry : e.after()) {
            if (!e.before().contains(entry)) {
                out.append("  + ").append(Escape.escapeLine(entry)).append('\n');
            }
        }
        for (String entry : e.before()) {
            if (!e.after().contains(entry)) {
                out.append("  - ").append(Escape.escapeLine(entry)).append(where(e, entry)).append('\n');
            }
        }
    }

    private static String what(Edit e) {
        if (Edit.UNDO.equals(e.action())) {
            return "undo " + e.undoes() + " → " + e.to();
        }
        if (Edit.REJECT.equals(e.action())) {
            return "reject " + e.pending();
        }
        String named = e.file() == null ? "" : " " + e.file();
        String accepted = e.pending() == null ? "" : ", accepted from " + e.pending();
        return e.action() + named + " → " + e.to() + accepted + flagged(e);
    }

    /** {@code  · flagged exfil-url} for a note a flag rule kept local (sanitize.md), as its header says. */
    private static String flagged(Edit e) {
        if (!MemoryDir.NOTES.equals(e.to()) || e.after().isEmpty()) {
            return "";
        }
        return Sanitize.flag(e.after().get(0)).map(rule -> " · flagged " + rule).orElse("");
    }

    private static String where(Edit e, String entry) {
        if (e.moved().contains(entry)) {
            return " (moved to notes.md)";
        }
        return e.dropped().contains(entry) ? " (dropped to notes.md)" : "";
    }

    /** Pending writes oldest first: a header line, then what the write would do, one line per entry. */
    static String pending(List<PendingWrite> waiting) {
        if (waiting.isEmpty()) {
            return ReviewSentences.NOTHING_PENDING;
        }
        StringBuilder out = new StringBuilder();
        for (PendingWrite w : waiting) {
            out.append(w.id()).append(SEP).append(w.time()).append(SEP).append(w.session()).append(SEP);
            try {
                Request r = RequestParser.parse(w.request());
                out.append(r.action()).append(' ').append(Request.fileOf(r).arg()).append('\n');
                body(out, r);
            } catch (Refused refused) {
                out.append("unreadable\n  ").append(refused.sentence()).append('\n');
            }
        }
        return out.toString();
    }

    private static void body(StringBuilder out, Request r) {
        if (r instanceof Request.Add a) {
            line(out, "+ ", a.text());
        } else if (r instanceof Request.Replace p) {
            line(out, "- ", p.old());
            line(out, "+ ", p.text());
        } else if (r instanceof Request.Remove m) {
            line(out, "- ", m.old());
        } else if (r instanceof Request.Consolidate c) {
            for (Request.Item item : c.items()) {
                switch (item.choice()) {
                    case KEEP -> line(out, "keep: ", item.old());
                    case REWRITE -> {
                        line(out, "rewrite: ", item.old());
                        line(out, "  as: ", item.text());
                    }
                    case MOVE -> line(out, "move: ", item.old());
                    case DROP -> line(out, "drop: ", item.old());
                    case NEW -> line(out, "new: ", item.text());
                }
            }
        }
    }

    private static void line(StringBuilder out, String mark, String text) {
        out.append("  ").append(mark).append(Escape.escapeLine(text)).append('\n');
    }
}
