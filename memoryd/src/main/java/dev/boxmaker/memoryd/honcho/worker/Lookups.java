package dev.boxmaker.memoryd.honcho.worker;

import dev.boxmaker.memoryd.honcho.client.HonchoClient;
import dev.boxmaker.memoryd.honcho.client.HonchoFailure;
import dev.boxmaker.memoryd.honcho.client.HonchoWire;
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
    private static final int NOT_FOUND = 404;

    private Lookups() {
    }

    /**
     * The messages of {@code item} in any Honcho session of {@code session} ({@code -2}, {@code -3}…
     * until one does not exist), by {@code boxmaker_part}.
     */
    static Map<Integer, String> messages(HonchoClient client, String session, String item) throws HonchoFailure {
        Map<Integer, String> found = new TreeMap<>();
        Map<String, Object> filter = Map.of("metadata", Map.of(TurnSender.ITEM, item));
        for (int number = 1; number <= Places.SESSIONS_PER_BOXMAKER_SESSION_MAX; number++) {
            String name = Places.name(session, number);
            HonchoWire.Page<HonchoWire.Message> page;
            try {
                page = client.listMessages(name, filter);
            } catch (HonchoFailure f) {
                if (f.kind() == HonchoFailure.Kind.REFUSED && f.status() == NOT_FOUND) {
                    break;
                }
                throw f;
            }
            for (HonchoWire.Message m : page.items()) {
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
        try {
            return client.listMessages(name, filter).items().stream().map(HonchoWire.Message::id).findFirst();
        } catch (HonchoFailure f) {
            if (f.kind() == HonchoFailure.Kind.REFUSED && f.status() == NOT_FOUND) {
                return Optional.empty();
            }
            throw f;
        }
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
