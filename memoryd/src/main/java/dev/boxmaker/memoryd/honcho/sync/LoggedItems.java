package dev.boxmaker.memoryd.honcho.sync;

import dev.boxmaker.memoryd.honcho.decide.SpeakerPeers;
import dev.boxmaker.memoryd.honcho.decide.TurnRecords;
import dev.boxmaker.memoryd.honcho.mirror.MirrorPlan;
import dev.boxmaker.memoryd.honcho.worker.ItemSource;
import dev.boxmaker.proto.SessionId;
import java.io.IOException;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Optional;

/**
 * What the worker sends, read where memoryd keeps it: a turn's records as the decision kept them
 * ({@link KeptTurns}), else from loopd's log under {@code home} ({@link TurnTails}: after a restart or
 * past the kept texts' bound, each log read once, not once per turn), an edit's plan from
 * {@link EditMirror} (kept since it was decided, or planned again from the journal). A session that is not a valid id, or has no log, has no turn.
 */
public final class LoggedItems implements ItemSource {
    private final KeptTurns kept;
    private final TurnTails turns;
    private final EditMirror edits;
    private final SpeakerPeers peers;

    /** {@code peers}: each turn's speaker is given as the peer it is written as (the owner's name as the owner's peer). */
    LoggedItems(Path home, EditMirror edits, KeptTurns kept, SpeakerPeers peers) {
        this.kept = kept;
        this.peers = peers;
        this.turns = new TurnTails(home);
        this.edits = edits;
    }

    /** The worker's own reading of the logs; for tests. */
    TurnTails tails() {
        return turns;
    }

    @Override
    public Optional<TurnRecords> turn(String session, long turn) throws IOException {
        if (!SessionId.isValid(session)) {
            return Optional.empty();
        }
        Optional<TurnRecords> decided = kept.get(session, turn);
        try {
            return (decided.isPresent() ? decided : turns.turn(SessionId.of(session), turn)).map(this::asPeer);
        } catch (NoSuchFileException e) {
            return Optional.empty();
        }
    }

    private TurnRecords asPeer(TurnRecords r) {
        return new TurnRecords(r.turn(), peers.peer(r.speaker()).orElse(r.speaker()), r.text(), r.reply(), r.logLabel());
    }

    @Override
    public Optional<MirrorPlan> edit(String editId) throws IOException {
        return edits.plan(editId);
    }
}
