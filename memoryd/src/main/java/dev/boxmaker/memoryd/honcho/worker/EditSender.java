package dev.boxmaker.memoryd.honcho.worker;

import dev.boxmaker.memoryd.config.HonchoSettings;
import dev.boxmaker.memoryd.honcho.client.HonchoClient;
import dev.boxmaker.memoryd.honcho.client.HonchoClients;
import dev.boxmaker.memoryd.honcho.client.HonchoFailure;
import dev.boxmaker.memoryd.honcho.client.HonchoWire;
import dev.boxmaker.memoryd.honcho.ledger.HonchoLedger;
import dev.boxmaker.memoryd.honcho.ledger.LedgerItem;
import dev.boxmaker.memoryd.honcho.mirror.MirrorOp;
import dev.boxmaker.memoryd.honcho.mirror.MirrorPlan;
import dev.boxmaker.memoryd.honcho.mirror.Peer;
import dev.boxmaker.proto.text.Sanitize;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * An edit's mirror plan, op by op in order (the M5c spec, section 4's second table): conclusions
 * created and deleted in the trusted workspace, fleet notes and retractions as messages from the
 * agent's peer. The ops done are kept for the item in this run, so a try after an outage resumes
 * where the last stopped; an op of an item that may have been sent before is looked for first.
 * A conclusion is deleted by the id the {@code sent} line of the edit that created it recorded (or its
 * creation answered in this run, its line not yet written); only where neither exists (an answer lost,
 * a ledger from before these records) is it found by observer, observed and exact content.
 */
final class EditSender {
    /** The Honcho session of fleet notes whose Boxmaker session is not known: the agent's name and this. */
    static final String NOTES_SESSION_SUFFIX = "-notes";
    /** The most conclusion ids remembered from this run's creations. */
    static final int REMEMBERED_CONCLUSIONS_MAX = 10_000;

    private final HonchoSettings settings;
    private final HonchoClients clients;
    private final Places places;
    private final HonchoLedger ledger;
    private final Map<String, List<String>> done = new HashMap<>();
    /** Per item, the conclusions its ops created in this run: key ({@link HonchoLedger#conclusionKey}) and id. */
    private final Map<String, Map<String, String>> made = new HashMap<>();
    /** Whether the op being sent added anything to Honcho (a look-up that found it adds nothing). */
    private boolean added;
    private final Map<String, String> created = new java.util.LinkedHashMap<>(16, 0.75f, false) {
        private static final long serialVersionUID = 1L;

        @Override
        protected boolean removeEldestEntry(Map.Entry<String, String> eldest) {
            return size() > REMEMBERED_CONCLUSIONS_MAX;
        }
    };

    EditSender(HonchoSettings settings, HonchoClients clients, Places places, HonchoLedger ledger) {
        this.settings = settings;
        this.clients = clients;
        this.places = places;
        this.ledger = ledger;
    }

    /** Sends {@code plan}'s ops not yet done; Honcho's ids of what each made or deleted, in order. */
    TurnSender.Sent send(LedgerItem.Edit item, MirrorPlan plan, boolean lookFirst)
            throws HonchoFailure, Unsendable, PlaceUnwritable {
        List<String> ids = done.computeIfAbsent(item.key(), k -> new ArrayList<>());
        Map<String, String> conclusions = made.computeIfAbsent(item.key(), k -> new java.util.TreeMap<>());
        boolean found = lookFirst && ids.isEmpty();
        for (int i = ids.size(); i < plan.ops().size(); i++) {
            added = false;
            ids.add(op(item, plan.ops().get(i), i, lookFirst, conclusions).orElse(""));
            found &= !added;
        }
        List<String> sent = new ArrayList<>(ids);
        sent.removeIf(String::isEmpty);
        return new TurnSender.Sent(sent, found, Map.copyOf(conclusions));
    }

    /** Forgets the ops done for {@code item}: it is settled. */
    void forget(LedgerItem item) {
        done.remove(item.key());
        made.remove(item.key());
    }

    private Optional<String> op(LedgerItem.Edit item, MirrorOp op, int index, boolean lookFirst,
            Map<String, String> conclusions) throws HonchoFailure, Unsendable, PlaceUnwritable {
        if (op instanceof MirrorOp.CreateConclusion c) {
            return Optional.of(create(c, lookFirst, conclusions));
        }
        if (op instanceof MirrorOp.DeleteConclusion d) {
            return delete(d);
        }
        if (op instanceof MirrorOp.FleetMessage m) {
            return Optional.of(fleet(item, index, m.content(), m.session(), lookFirst));
        }
        MirrorOp.FleetRetraction r = (MirrorOp.FleetRetraction) op;
        return Optional.of(fleet(item, index, r.message(), r.session(), lookFirst));
    }

    private String create(MirrorOp.CreateConclusion c, boolean lookFirst, Map<String, String> conclusions)
            throws HonchoFailure, Unsendable, PlaceUnwritable {
        HonchoClient client = client(settings.trusted());
        String peer = peer(c.peer());
        String content = conclusionText(c.content());
        places.workspace(client);
        places.peer(client, peer);
        String session = c.session() == null ? null : places.forStamp(client, c.session());
        Optional<String> there = lookFirst ? Lookups.conclusion(client, peer, content) : Optional.empty();
        added = there.isEmpty();
        String id = there.isPresent() ? there.get() : client.createConclusions(List.of(
                new HonchoWire.ConclusionCreate(content, peer, peer, session))).get(0).id();
        String key = HonchoLedger.conclusionKey(peer, content);
        created.put(key, id);
        conclusions.put(key, id);
        return id;
    }

    private Optional<String> delete(MirrorOp.DeleteConclusion d) throws HonchoFailure, Unsendable, PlaceUnwritable {
        HonchoClient client = client(settings.trusted());
        String peer = peer(d.peer());
        String content = conclusionText(d.content());
        places.workspace(client);
        String key = HonchoLedger.conclusionKey(peer, content);
        Optional<String> recorded = ledger.conclusion(key).or(() -> Optional.ofNullable(created.get(key)));
        Optional<String> found = recorded.isPresent() ? recorded : Lookups.conclusion(client, peer, content);
        if (found.isPresent()) {
            added = true;
            client.deleteConclusion(found.get());
            created.remove(key, found.get());
        }
        return found;
    }

    private String fleet(LedgerItem.Edit item, int index, String text, String session, boolean lookFirst)
            throws HonchoFailure, Unsendable, PlaceUnwritable {
        HonchoClient client = client(settings.fleet());
        places.workspace(client);
        String name = places.forStamp(client, session == null ? settings.agent() + NOTES_SESSION_SUFFIX : session);
        if (lookFirst) {
            Optional<String> there = Lookups.message(client, name, item.key(), index);
            if (there.isPresent()) {
                return there.get();
            }
        }
        added = true;
        return client.addMessages(name, List.of(TurnSender.message(settings.agent(), conclusionText(text), item,
                index))).get(0).id();
    }

    /** A conclusion's or note's text as sent: neutralised, within one message's size (entries are far shorter). */
    private static String conclusionText(String content) {
        return Texts.parts(content).get(0);
    }

    private String peer(Peer peer) {
        return peer == Peer.OWNER ? settings.owner() : settings.agent();
    }

    private HonchoClient client(String workspace) throws Unsendable {
        return clients.client(workspace).orElseThrow(() -> new Unsendable(Unsendable.UNKNOWN_WORKSPACE));
    }
}
