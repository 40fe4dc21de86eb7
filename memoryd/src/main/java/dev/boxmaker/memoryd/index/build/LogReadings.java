package dev.boxmaker.memoryd.index.build;

import dev.boxmaker.proto.Label;
import dev.boxmaker.proto.SessionId;
import dev.boxmaker.proto.log.LogPosition;
import dev.boxmaker.proto.log.SessionLogReader;

/**
 * Who else takes the records the index writer reads from a session log, so a log's new records are
 * read once (issue 34, item 1): with {@code [honcho]}, the turn decisions' tail. Called on the writer
 * thread for each batch a catch-up reads (not a reindex's build), before its rows are written; it must
 * return at once and must not change the batch.
 */
@FunctionalInterface
public interface LogReadings {
    /** Nobody takes the batches. */
    LogReadings NONE = (session, before, labelBefore, batch) -> { };

    /**
     * {@code batch} was read from {@code session}'s log starting at {@code before}, where the label of
     * the tool results so far was {@code labelBefore}; {@code batch.next()} is the position after it.
     */
    void read(SessionId session, LogPosition before, Label labelBefore, SessionLogReader.Batch batch);
}
