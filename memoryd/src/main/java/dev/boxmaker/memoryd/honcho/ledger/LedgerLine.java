package dev.boxmaker.memoryd.honcho.ledger;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.List;

/**
 * One line of {@code memory/honcho.jsonl}. Never a key, never a text sent: only where an item went,
 * why, Honcho's ids and a status.
 *
 * <pre>
 * {"event":"decided","time":"…","session":"mm-…","turn":3,"workspace":"bx-trusted","why":"clean"}
 * {"event":"decided","time":"…","edit":"2026-12-02-0007","workspace":null,"why":"flagged"}
 * {"event":"sent","time":"…","session":"mm-…","turn":3,"workspace":"bx-trusted","ids":["…","…"]}
 * {"event":"failed","time":"…","edit":"2026-12-02-0008","workspace":"fleet","status":422,"kind":"refused"}
 * </pre>
 *
 * @param event     {@code decided}, {@code sent} or {@code failed}
 * @param workspace where the item goes; on a {@code decided} line, null for nowhere
 * @param why       on a {@code decided} line, the reason (the row of the spec's table)
 * @param ids       on a {@code sent} line, Honcho's ids of what it made
 * @param status    on a {@code failed} line, Honcho's HTTP status (0 for none)
 * @param kind      on a {@code failed} line, the failure's kind
 */
@JsonIgnoreProperties(ignoreUnknown = true)
@JsonInclude(JsonInclude.Include.NON_NULL)
public record LedgerLine(String event, String time, String session, Long turn, String edit,
        @JsonInclude(JsonInclude.Include.ALWAYS) String workspace, String why, List<String> ids, Integer status,
        String kind) {
    /** The first line of a ledger made by this memoryd: {@code {"event":"began","time":"…"}}, no item. */
    public static final String BEGAN = "began";
    public static final String DECIDED = "decided";
    public static final String SENT = "sent";
    public static final String FAILED = "failed";

    /** The item the line is about; null when the line names none (a damaged line). */
    public LedgerItem item() {
        if (session != null && turn != null && edit == null && turn >= 0 && !session.isEmpty()) {
            return new LedgerItem.Turn(session, turn);
        }
        if (edit != null && !edit.isEmpty() && session == null && turn == null) {
            return new LedgerItem.Edit(edit);
        }
        return null;
    }

    static LedgerLine of(String event, String time, LedgerItem item, String workspace) {
        if (item instanceof LedgerItem.Turn t) {
            return new LedgerLine(event, time, t.session(), t.turn(), null, workspace, null, null, null, null);
        }
        LedgerItem.Edit e = (LedgerItem.Edit) item;
        return new LedgerLine(event, time, null, null, e.id(), workspace, null, null, null, null);
    }

    LedgerLine withWhy(String reason) {
        return new LedgerLine(event, time, session, turn, edit, workspace, reason, ids, status, kind);
    }

    LedgerLine withIds(List<String> honchoIds) {
        return new LedgerLine(event, time, session, turn, edit, workspace, why, List.copyOf(honchoIds), status, kind);
    }

    LedgerLine withStatus(int httpStatus, String failureKind) {
        return new LedgerLine(event, time, session, turn, edit, workspace, why, ids, httpStatus, failureKind);
    }
}
