package dev.boxmaker.memoryd.recall;

import dev.boxmaker.memoryd.sentences.RecallSentences;
import dev.boxmaker.memoryd.index.search.Hit;
import dev.boxmaker.memoryd.recall.fleet.FleetAnswer;
import dev.boxmaker.memoryd.recall.fleet.FleetHit;
import dev.boxmaker.memoryd.recall.fleet.FleetRecall;
import dev.boxmaker.proto.Label;
import dev.boxmaker.proto.text.Escape;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.List;

/**
 * recall's answer with its Honcho sources (the M5c spec, section 8; docs/decisions.md, "recall's
 * Honcho sources"): the local hits and each source's, interleaved to {@code k}, the local index first,
 * numbered as one list; a Honcho hit's header is {@code [n] tag · source, who, time · class} and its
 * text is shown as a local hit's ({@link HitText#shown}: inert, capped); then one line per source that
 * did not answer.
 */
public final class FleetHitText {
    private static final DateTimeFormatter MINUTE = DateTimeFormatter.ofPattern("uuuu-MM-dd HH:mm 'UTC'");

    private FleetHitText() {
    }

    /** The hits, interleaved to {@code k} and numbered, then the unavailable lines; the no-match sentence if none. */
    static String render(String query, List<String> terms, List<Hit> local, List<FleetAnswer> fleet, int k,
            String owner, String ownerPeer) {
        List<Object> shown = interleaved(local, fleet, k);
        StringBuilder out = new StringBuilder();
        if (shown.isEmpty()) {
            out.append(RecallSentences.noMatches(Escape.escapeLine(query)));
        }
        for (int i = 0; i < shown.size(); i++) {
            if (i > 0) {
                out.append("\n\n");
            }
            if (shown.get(i) instanceof Hit hit) {
                out.append(HitText.header(i + 1, hit, owner)).append('\n').append(HitText.shown(hit.text(), terms));
            } else {
                FleetHit hit = (FleetHit) shown.get(i);
                out.append(header(i + 1, hit, ownerPeer)).append('\n').append(HitText.shown(hit.text(), terms));
            }
        }
        String separator = "\n\n";
        for (FleetAnswer answer : fleet) {
            if (!answer.answered()) {
                out.append(separator).append(RecallSentences.sourceUnavailable(answer.source()));
                separator = "\n";
            }
        }
        return out.toString();
    }

    /** The local hits first, then each source's, taken in turn: at most {@code k}. */
    static List<Object> interleaved(List<Hit> local, List<FleetAnswer> fleet, int k) {
        List<List<Object>> lists = new ArrayList<>();
        lists.add(List.copyOf(local));
        fleet.forEach(a -> lists.add(List.copyOf(a.hits())));
        return FleetRecall.interleave(lists, k);
    }

    /** The label of what is shown: every hit raises the class; a memory-tainted one makes it untrusted. */
    static Label label(List<Object> shown) {
        Label label = Label.SESSION_START;
        for (Object o : shown) {
            label = label.combine(o instanceof Hit hit
                    ? new Label(hit.dataClass(), HitText.MEMORY_TAINTED.equals(HitText.tag(hit)))
                    : new Label(((FleetHit) o).dataClass(), !((FleetHit) o).trusted()));
        }
        return label;
    }

    /** {@code memory} only for a workspace the owner labelled trusted. */
    static String tag(FleetHit hit) {
        return hit.trusted() ? HitText.MEMORY : HitText.MEMORY_TAINTED;
    }

    /** {@code [3] memory-tainted · fleet, boxmaker1 noted, 2026-12-02 10:40 UTC · private}. */
    public static String header(int number, FleetHit hit, String ownerPeer) {
        String peer = hit.peer().equals(ownerPeer) ? RecallSentences.THE_OWNER
                : Escape.cut(Escape.escapeLine(hit.peer()), HitText.SPEAKER_CHARS_MAX);
        String who = switch (hit.kind()) {
            case MESSAGE -> RecallSentences.peerSaid(peer);
            case NOTE -> RecallSentences.peerNoted(peer);
            case CONCLUSION -> RecallSentences.conclusionAbout(peer);
        };
        return "[" + number + "] " + tag(hit) + " · " + hit.source() + ", " + who + ", " + minute(hit.createdAt())
                + " · " + hit.dataClass().wire();
    }

    /** Honcho's {@code created_at} (with an offset, or without one, read as UTC) to the minute. */
    public static String minute(String createdAt) {
        if (createdAt == null) {
            return RecallSentences.TIME_UNKNOWN;
        }
        try {
            return MINUTE.format(OffsetDateTime.parse(createdAt).withOffsetSameInstant(ZoneOffset.UTC));
        } catch (DateTimeParseException e) {
            try {
                return MINUTE.format(LocalDateTime.parse(createdAt));
            } catch (DateTimeParseException e2) {
                return RecallSentences.TIME_UNKNOWN;
            }
        }
    }
}
