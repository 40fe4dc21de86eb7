package dev.boxmaker.memoryd.honcho.worker;

import dev.boxmaker.memoryd.config.HonchoSettings;
import dev.boxmaker.memoryd.honcho.client.HonchoClient;
import dev.boxmaker.memoryd.honcho.client.HonchoFailure;
import dev.boxmaker.memoryd.honcho.client.HonchoWire;
import dev.boxmaker.memoryd.honcho.decide.Speakers;
import dev.boxmaker.memoryd.honcho.decide.TurnRecords;
import dev.boxmaker.memoryd.honcho.ledger.LedgerItem;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * A turn to its workspace (the M5c spec, section 4): the speaker's text from the speaker's peer, then
 * the agent's final reply from the agent's peer, each neutralised and cut into parts of at most 25,000
 * characters, as one batch (of at most {@link #BATCH_MESSAGES_MAX}). Every message carries
 * {@code boxmaker_item} (the item's key) and {@code boxmaker_part} (its place in the item) in its
 * metadata, so a turn that may have been sent already is looked for first and only what is missing sent.
 */
final class TurnSender {
    /** Honcho's largest batch of messages. */
    static final int BATCH_MESSAGES_MAX = 100;
    static final String ITEM = "boxmaker_item";
    static final String PART = "boxmaker_part";

    private final HonchoSettings settings;
    private final Places places;

    TurnSender(HonchoSettings settings, Places places) {
        this.settings = settings;
        this.places = places;
    }

    /** Sends {@code item}; {@code lookFirst} when it may be in Honcho already. Honcho's message ids, in order. */
    Sent send(HonchoClient client, LedgerItem.Turn item, TurnRecords records, boolean lookFirst)
            throws HonchoFailure, Unsendable {
        String speaker = Speakers.peerName(records.speaker()).orElseThrow(() -> new Unsendable(Unsendable.NO_PEER));
        List<HonchoWire.MessageCreate> messages = new ArrayList<>();
        for (String part : Texts.parts(records.text())) {
            messages.add(message(speaker, part, item, messages.size()));
        }
        for (String part : Texts.parts(records.reply())) {
            messages.add(message(settings.agent(), part, item, messages.size()));
        }
        places.workspace(client);
        String session = places.forTurn(client, item.session(), speaker);
        Map<Integer, String> ids = lookFirst ? Lookups.messages(client, item.session(), item.key())
                : new TreeMap<>();
        List<HonchoWire.MessageCreate> missing = new ArrayList<>();
        for (int i = 0; i < messages.size(); i++) {
            if (!ids.containsKey(i)) {
                missing.add(messages.get(i));
            }
        }
        for (int from = 0; from < missing.size(); from += BATCH_MESSAGES_MAX) {
            List<HonchoWire.MessageCreate> batch = missing.subList(from, Math.min(missing.size(), from + BATCH_MESSAGES_MAX));
            List<HonchoWire.Message> added = client.addMessages(session, batch);
            for (int i = 0; i < added.size() && i < batch.size(); i++) {
                ids.put((Integer) batch.get(i).metadata().get(PART), added.get(i).id());
            }
        }
        return new Sent(List.copyOf(ids.values()), missing.isEmpty());
    }

    /** What a send made: Honcho's ids, and whether all of it was found there already (nothing added). */
    record Sent(List<String> ids, boolean found) {
    }

    static HonchoWire.MessageCreate message(String peer, String content, LedgerItem item, int part) {
        Map<String, Object> metadata = new LinkedHashMap<>();
        metadata.put(ITEM, item.key());
        metadata.put(PART, part);
        return new HonchoWire.MessageCreate(peer, content, metadata, null);
    }
}
