package dev.boxmaker.memoryd.honcho.worker;

import dev.boxmaker.memoryd.honcho.client.HonchoClient;
import dev.boxmaker.memoryd.honcho.client.HonchoFailure;
import dev.boxmaker.memoryd.honcho.client.HonchoWire;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * Finding in Honcho what an item may have sent before its {@code sent} line was written (honcho.md:
 * Honcho has no idempotency keys): messages by their {@code boxmaker_item} metadata, conclusions by
 * observer, observed and content (3.0.12's conclusions carry no metadata).
 */
final class Lookups {
    /** The most conclusions a content lookup reads (Honcho's largest {@code top_k}). */
    static final int CONCLUSIONS_READ_MAX = 100;

    private Lookups() {
    }

    /**
     * The messages of {@code item} in the Honcho sessions {@code names} (those the ledger placed for its
     * Boxmaker session), by {@code boxmaker_part}: one list request per name, none when nothing was placed.
     * Honcho 3.0.12 answers a session that does not exist 200 and empty ({@code src/crud/message.py}
     * {@code get_messages}), so a placed session never made costs its one request and finds nothing.
     */
    static Map<Integer, String> messages(HonchoClient client, List<String> names, String item) throws HonchoFailure {
        Map<Integer, String> found = new TreeMap<>();
        Map<String, Object> filter = Map.of("metadata", Map.of(TurnSender.ITEM, item));
        for (String name : names) {
            for (HonchoWire.Message m : client.listMessages(name, filter).items()) {
                Object part = m.metadata() == null ? null : m.metadata().get(TurnSender.PART);
                if (part instanceof Number n && item.equals(m.metadata().get(TurnSender.ITEM))) {
                    found.putIfAbsent(n.intValue(), m.id());
                }
            }
        }
        return found;
    }

    /** The message of {@code item}'s part {@code part} in the one Honcho session {@code name}, if any. */
    static Optional<String> message(HonchoClient client, String name, String item, int part) throws HonchoFailure {
        Map<String, Object> filter = Map.of("metadata", Map.of(TurnSender.ITEM, item, TurnSender.PART, part));
        return client.listMessages(name, filter).items().stream().map(HonchoWire.Message::id).findFirst();
    }

    /** A conclusion of {@code peer} about itself whose content is exactly {@code content}, if any. */
    static Optional<String> conclusion(HonchoClient client, String peer, String content) throws HonchoFailure {
        for (HonchoWire.Conclusion c : client.queryConclusions(content, CONCLUSIONS_READ_MAX, peer, peer)) {
            if (content.equals(c.content())) {
                return Optional.of(c.id());
            }
        }
        return Optional.empty();
    }
}
