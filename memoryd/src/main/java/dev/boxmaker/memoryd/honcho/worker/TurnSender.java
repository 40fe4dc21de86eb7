package dev.boxmaker.memoryd.honcho.worker;

import dev.boxmaker.memoryd.config.HonchoSettings;
import dev.boxmaker.memoryd.honcho.client.HonchoClient;
import dev.boxmaker.memoryd.honcho.client.HonchoFailure;
import dev.boxmaker.memoryd.honcho.client.HonchoWire;
import dev.boxmaker.memoryd.honcho.decide.Speakers;
import dev.boxmaker.memoryd.honcho.decide.TurnRecords;
import dev.boxmaker.memoryd.honcho.ledger.HonchoLedger;
import dev.boxmaker.memoryd.honcho.ledger.LedgerItem;
import dev.boxmaker.proto.Json;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Turns to their workspace (the M5c spec, section 4): each turn the speaker's text from the speaker's
 * peer, then the agent's final reply from the agent's peer, each neutralised and cut into parts of at
 * most 25,000 characters. The turns of one batch go to one Honcho session, their messages in order,
 * in as few requests as Honcho takes: at most {@link #BATCH_MESSAGES_MAX} messages a request, and
 * no more than fits the answer: Honcho echoes every message whole ({@code src/routers/messages.py}
 * {@code create_messages_for_session} answers the list of messages made), so the echo of a request's
 * messages ({@link #answerBytes}) must fit {@link HonchoClient#ANSWER_BYTES_MAX}, or an answer past the
 * cap would hide a batch Honcho stored. A turn larger than that alone takes several requests; one
 * message of 25,000 characters echoes in at most 150,000 bytes of escaped JSON, so each fits. Every message carries {@code boxmaker_item} (its turn's key) and {@code boxmaker_part}
 * (its place in the turn) in its metadata, so a turn that may have been sent already is looked for
 * and only what is missing sent.
 */
final class TurnSender {
    /** Honcho's largest batch of messages. */
    static final int BATCH_MESSAGES_MAX = 100;
    /** The bytes of one echoed message besides its content, peer, item and names: keys, id, time, count. */
    static final int ANSWER_FIELDS_BYTES = 384;
    /** The most bytes of echoed messages one request's answer holds (the answer cap, less the array's brackets). */
    static final int BATCH_ANSWER_BYTES_MAX = HonchoClient.ANSWER_BYTES_MAX - 2;
    static final String ITEM = "boxmaker_item";
    static final String PART = "boxmaker_part";

    private final HonchoSettings settings;
    private final Places places;

    TurnSender(HonchoSettings settings, Places places) {
        this.settings = settings;
        this.places = places;
    }

    /** One turn of a batch and its records. */
    record Entry(LedgerItem.Turn item, TurnRecords records) {
    }

    /**
     * What a send made of one item: Honcho's ids, whether all of it was found there already (nothing
     * added), and per conclusion it created, its ledger key and id ({@link HonchoLedger#conclusionKey}).
     */
    record Sent(List<String> ids, boolean found, Map<String, String> conclusions) {
        Sent(List<String> ids, boolean found) {
            this(ids, found, Map.of());
        }
    }

    /**
     * The Honcho session {@code entry} goes to, with its workspace, peers and session made if this run
     * has not yet (a new speaker starts the next session).
     */
    String place(HonchoClient client, Entry entry) throws HonchoFailure, Unsendable, PlaceUnwritable {
        String speaker = speaker(entry.records());
        places.workspace(client, entry.item().session());
        return places.forTurn(client, entry.item().session(), speaker);
    }

    /** The Honcho sessions the ledger placed for {@code session} in the workspace of {@code client}. */
    List<String> placed(HonchoClient client, String session) {
        return places.placed(client, session);
    }

    /** Whether {@code entry} goes to the Honcho session its session's last {@link #place} answered, as it is. */
    boolean joins(HonchoClient client, Entry entry) {
        return Speakers.peerName(entry.records().speaker())
                .map(p -> places.holds(client, entry.item().session(), p)).orElse(false);
    }

    /** The messages of {@code entry}, in order: its text's parts, then its reply's. */
    List<HonchoWire.MessageCreate> messages(Entry entry) throws Unsendable {
        String speaker = speaker(entry.records());
        List<HonchoWire.MessageCreate> messages = new ArrayList<>();
        for (String part : Texts.parts(entry.records().text())) {
            messages.add(message(speaker, part, entry.item(), messages.size()));
        }
        for (String part : Texts.parts(entry.records().reply())) {
            messages.add(message(settings.agent(), part, entry.item(), messages.size()));
        }
        return messages;
    }

    /**
     * The bytes {@code message} adds to the answer of a request to the Honcho session {@code name} in
     * {@code workspace}: its content, peer and item as escaped JSON, the names, and the other fields.
     */
    static int answerBytes(HonchoWire.MessageCreate message, String name, String workspace) {
        return escaped(message.content()) + escaped(message.peerId())
                + escaped(String.valueOf(message.metadata().get(ITEM))) + name.length() + workspace.length()
                + ANSWER_FIELDS_BYTES;
    }

    private static int escaped(String text) {
        try {
            return Json.MAPPER.writeValueAsString(text).getBytes(StandardCharsets.UTF_8).length;
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new IllegalStateException("a string always writes as JSON", e);
        }
    }

    /**
     * Sends {@code missing}, the messages of {@code entries} not in Honcho yet, in order, to the Honcho
     * session {@code name}; {@code found} holds per entry the parts found there already. What each entry
     * holds in Honcho afterwards, in the entries' order.
     */
    List<Sent> send(HonchoClient client, String name, List<Entry> entries, List<Map<Integer, String>> found,
            List<HonchoWire.MessageCreate> missing) throws HonchoFailure {
        Map<String, Integer> index = new LinkedHashMap<>();
        List<Map<Integer, String>> ids = new ArrayList<>();
        for (int i = 0; i < entries.size(); i++) {
            index.put(entries.get(i).item().key(), i);
            ids.add(new TreeMap<>(found.get(i)));
        }
        int from = 0;
        while (from < missing.size()) {
            int to = from;
            long bytes = 0;
            while (to < missing.size() && to - from < BATCH_MESSAGES_MAX && (to == from
                    || bytes + answerBytes(missing.get(to), name, client.workspace()) <= BATCH_ANSWER_BYTES_MAX)) {
                bytes += answerBytes(missing.get(to), name, client.workspace());
                to++;
            }
            List<HonchoWire.MessageCreate> request = missing.subList(from, to);
            List<HonchoWire.Message> added = client.addMessages(name, request);
            for (int i = 0; i < added.size() && i < request.size(); i++) {
                Map<String, Object> metadata = request.get(i).metadata();
                ids.get(index.get((String) metadata.get(ITEM))).put((Integer) metadata.get(PART), added.get(i).id());
            }
            from = to;
        }
        List<Sent> sent = new ArrayList<>();
        for (int i = 0; i < entries.size(); i++) {
            sent.add(new Sent(List.copyOf(ids.get(i).values()), ids.get(i).equals(found.get(i))));
        }
        return sent;
    }

    private static String speaker(TurnRecords records) throws Unsendable {
        return Speakers.peerName(records.speaker()).orElseThrow(() -> new Unsendable(Unsendable.NO_PEER));
    }

    static HonchoWire.MessageCreate message(String peer, String content, LedgerItem item, int part) {
        Map<String, Object> metadata = new LinkedHashMap<>();
        metadata.put(ITEM, item.key());
        metadata.put(PART, part);
        return new HonchoWire.MessageCreate(peer, content, metadata, null);
    }
}
