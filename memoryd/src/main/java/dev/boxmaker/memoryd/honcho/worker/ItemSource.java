package dev.boxmaker.memoryd.honcho.worker;

import dev.boxmaker.memoryd.honcho.decide.TurnRecords;
import dev.boxmaker.memoryd.honcho.mirror.MirrorPlan;
import java.io.IOException;
import java.util.Optional;

/** What the worker sends for an item: a turn's records from loopd's log, an edit's plan from the journal. */
public interface ItemSource {
    /** The finished turn's records, or empty if the log no longer holds it. */
    Optional<TurnRecords> turn(String session, long turn) throws IOException;

    /** The edit's mirror plan, or empty if the journal no longer holds it. */
    Optional<MirrorPlan> edit(String editId) throws IOException;
}
