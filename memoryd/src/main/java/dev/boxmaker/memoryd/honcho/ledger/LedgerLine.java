package dev.boxmaker.memoryd.honcho.ledger;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.List;
import java.util.Map;

/**
 * One line of {@code memory/honcho.jsonl}. Never a key, never a text sent: only where an item went,
 * why, Honcho's ids and a status.
 *
 * <pre>
 * {"event":"decided","time":"…","session":"mm-…","turn":3,"workspace":"bx-trusted","why":"clean"}
 * {"event":"decided","time":"…","edit":"2026-12-02-0007","workspace":null,"why":"flagged"}
 * {"event":"sent","time":"…","session":"mm-…","turn":3,"workspace":"bx-trusted","ids":["…","…"]}
 * {"event":"sent","time":"…","edit":"2026-12-02-0007","workspace":"bx-trusted","ids":["…"],"conclusions":{"<key>":"…"}}
 * {"event":"failed","time":"…","edit":"2026-12-02-0008","workspace":"fleet","status":422,"kind":"refused"}
 * {"event":"placed","time":"…","session":"mm-…","workspace":"bx-trusted","honcho":"mm-…-2","peers":["bx","kyle"],"for":"turns"}
 * </pre>
 *
 * @param event     {@code decided}, {@code sent} or {@code failed}
 * @param workspace where the item goes; on a {@code decided} line, null for nowhere
 * @param why       on a {@code decided} line, the reason (the row of the spec's table)
 * @param ids       on a {@code sent} line, Honcho's ids of what it made
 * @param status    on a {@code failed} line, Honcho's HTTP status (0 for none)
 * @param kind      on a {@code failed} line, the failure's kind
 * @param honcho    on a {@code placed} line, the Honcho session placed for {@code session} in {@code workspace}
 * @param peers     on a {@code placed} line, its peers
 * @param purpose   on a {@code placed} line, {@code "for"}: {@link #FOR_TURNS} or {@link #FOR_STAMP}
 * @param conclusions on an edit's {@code sent} line, per conclusion it created, its key (a digest of the
 *                  peer and the text sent, {@link ConclusionIds#key}) and Honcho's id; a deletion finds it there
 */
@JsonIgnoreProperties(ignoreUnknown = true)
@JsonInclude(JsonInclude.Include.NON_NULL)
public record LedgerLine(String event, String time, String session, Long turn, String edit,
        @JsonInclude(JsonInclude.Include.ALWAYS) String workspace, String why, List<String> ids, Integer status,
        String kind, String honcho, List<String> peers, @JsonProperty("for") String purpose,
        Map<String, String> conclusions) {
    /** The first line of a ledger made by this memoryd: {@code {"event":"began","time":"…"}}, no item. */
    public static final String BEGAN = "began";
    public static final String DECIDED = "decided";
    public static final String SENT = "sent";
    public static final String FAILED = "failed";
    public static final String PLACED = "placed";
    /** A {@code placed} line's {@code for}: turns go to the Honcho session. */
    public static final String FOR_TURNS = "turns";
    /** A {@code placed} line's {@code for}: it was made to stamp a conclusion (or hold fleet notes) only. */
    public static final String FOR_STAMP = "stamp";

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
            return new LedgerLine(event, time, t.session(), t.turn(), null, workspace, null, null, null, null, null,
                    null, null, null);
        }
        LedgerItem.Edit e = (LedgerItem.Edit) item;
        return new LedgerLine(event, time, null, null, e.id(), workspace, null, null, null, null, null, null,
                null, null);
    }

    /** A {@code placed} line (see {@link HonchoLedger#placed}). */
    static LedgerLine placed(String time, String workspace, String session, String honcho, List<String> peers,
            String purpose) {
        return new LedgerLine(PLACED, time, session, null, null, workspace, null, null, null, null, honcho,
                List.copyOf(peers), purpose, null);
    }

    LedgerLine withWhy(String reason) {
        return new LedgerLine(event, time, session, turn, edit, workspace, reason, ids, status, kind,
                honcho, peers, purpose, conclusions);
    }

    LedgerLine withIds(List<String> honchoIds) {
        return new LedgerLine(event, time, session, turn, edit, workspace, why, List.copyOf(honchoIds), status, kind,
                honcho, peers, purpose, conclusions);
    }

    /** This line with the conclusions its edit created, by key; an empty map adds nothing. */
    LedgerLine withConclusions(Map<String, String> created) {
        return created.isEmpty() ? this : new LedgerLine(event, time, session, turn, edit, workspace, why, ids, status,
                kind, honcho, peers, purpose, new java.util.TreeMap<>(created));
    }

    LedgerLine withStatus(int httpStatus, String failureKind) {
        return new LedgerLine(event, time, session, turn, edit, workspace, why, ids, httpStatus, failureKind,
                honcho, peers, purpose, conclusions);
    }
}
