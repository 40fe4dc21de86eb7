package dev.boxmaker.memoryd.honcho.worker;

import dev.boxmaker.memoryd.honcho.client.HonchoClient;
import dev.boxmaker.memoryd.honcho.client.HonchoClients;
import dev.boxmaker.memoryd.honcho.client.HonchoFailure;
import dev.boxmaker.memoryd.honcho.client.HonchoWire;
import dev.boxmaker.memoryd.honcho.decide.TurnRecords;
import dev.boxmaker.memoryd.honcho.ledger.HonchoLedger;
import dev.boxmaker.memoryd.honcho.ledger.LedgerItem;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.function.Predicate;

/**
 * A batch of turns: the oldest waiting turn, then the next waiting turns of the same Boxmaker session
 * in the same workspace, in their order, for as long as each goes to the same Honcho session (its
 * speaker is a peer there already), may join (the worker says so: not one to look for first, not past
 * a memory write of the workspace) and fits in {@link TurnSender#BATCH_MESSAGES_MAX} messages and
 * an answer of {@link TurnSender#BATCH_ANSWER_BYTES_MAX} bytes. The first turn that does not join ends the batch:
 * a later turn of the session never goes before an earlier one. A head that was looked for and found
 * in Honcho, whole or in part, goes alone.
 */
final class TurnBatches {
    private final HonchoClients clients;
    private final ItemSource source;
    private final TurnSender turns;

    TurnBatches(HonchoClients clients, ItemSource source, TurnSender turns) {
        this.clients = clients;
        this.source = source;
        this.turns = turns;
    }

    /**
     * Sends {@code head} ({@code look}: looked for in Honcho first) and the followers of {@code after}
     * that join; what each item sent holds, in order. {@code tried} is filled with the items of the
     * batch as they join it, so that the caller knows them when the send fails.
     */
    List<TurnSender.Sent> send(HonchoLedger.Waiting head, boolean look, List<HonchoLedger.Waiting> after,
            Predicate<HonchoLedger.Waiting> mayJoin, List<HonchoLedger.Waiting> tried)
            throws HonchoFailure, Unsendable, IOException {
        LedgerItem.Turn turn = (LedgerItem.Turn) head.item();
        HonchoClient client = clients.client(head.workspace())
                .orElseThrow(() -> new Unsendable(Unsendable.UNKNOWN_WORKSPACE));
        TurnRecords records = source.turn(turn.session(), turn.turn())
                .orElseThrow(() -> new Unsendable(Unsendable.MISSING));
        TurnSender.Entry first = new TurnSender.Entry(turn, records);
        List<HonchoWire.MessageCreate> headMessages = turns.messages(first);
        tried.add(head);
        // Only a Honcho session placed before this send can hold what an earlier try of it sent: one
        // placed now (the session's first, or the next for a new speaker) is not looked in.
        List<String> before = look ? turns.placed(client, turn.session()) : List.of();
        String name = turns.place(client, first);
        Map<Integer, String> found = look ? Lookups.messages(client, before, turn.key()) : new TreeMap<>();
        List<TurnSender.Entry> entries = new ArrayList<>(List.of(first));
        List<Map<Integer, String>> founds = new ArrayList<>(List.of(found));
        List<HonchoWire.MessageCreate> missing = new ArrayList<>();
        for (HonchoWire.MessageCreate m : headMessages) {
            if (!found.containsKey((Integer) m.metadata().get(TurnSender.PART))) {
                missing.add(m);
            }
        }
        if (found.isEmpty()) {
            join(client, name, after, mayJoin, tried, entries, founds, missing);
        }
        return turns.send(client, name, entries, founds, missing);
    }

    /** Adds the followers that join, in order, until one does not. */
    private void join(HonchoClient client, String name, List<HonchoLedger.Waiting> after,
            Predicate<HonchoLedger.Waiting> mayJoin,
            List<HonchoLedger.Waiting> tried, List<TurnSender.Entry> entries, List<Map<Integer, String>> founds,
            List<HonchoWire.MessageCreate> messages) {
        long bytes = 0;
        for (HonchoWire.MessageCreate m : messages) {
            bytes += TurnSender.answerBytes(m, name, client.workspace());
        }
        for (HonchoLedger.Waiting next : after) {
            if (!mayJoin.test(next)) {
                return;
            }
            LedgerItem.Turn turn = (LedgerItem.Turn) next.item();
            Optional<TurnSender.Entry> entry = entry(turn);
            if (entry.isEmpty() || !turns.joins(client, entry.get())) {
                return;
            }
            List<HonchoWire.MessageCreate> more;
            try {
                more = turns.messages(entry.get());
            } catch (Unsendable u) {
                return;
            }
            long moreBytes = 0;
            for (HonchoWire.MessageCreate m : more) {
                moreBytes += TurnSender.answerBytes(m, name, client.workspace());
            }
            if (messages.size() + more.size() > TurnSender.BATCH_MESSAGES_MAX
                    || bytes + moreBytes > TurnSender.BATCH_ANSWER_BYTES_MAX) {
                return;
            }
            tried.add(next);
            entries.add(entry.get());
            founds.add(Map.of());
            messages.addAll(more);
            bytes += moreBytes;
        }
    }

    /** The turn with its records; empty when they cannot be had now (the turn then goes alone, later, and fails there). */
    private Optional<TurnSender.Entry> entry(LedgerItem.Turn turn) {
        try {
            return source.turn(turn.session(), turn.turn()).map(r -> new TurnSender.Entry(turn, r));
        } catch (IOException | RuntimeException e) {
            return Optional.empty();
        }
    }
}
