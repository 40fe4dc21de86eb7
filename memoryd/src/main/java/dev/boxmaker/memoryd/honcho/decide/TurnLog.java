package dev.boxmaker.memoryd.honcho.decide;

import dev.boxmaker.proto.Label;
import dev.boxmaker.proto.SessionId;
import dev.boxmaker.proto.log.AssistantRecord;
import dev.boxmaker.proto.log.LogRecord;
import dev.boxmaker.proto.log.SessionLogReader;
import dev.boxmaker.proto.log.SessionLogs;
import dev.boxmaker.proto.log.ToolResultRecord;
import dev.boxmaker.proto.log.UserRecord;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Optional;

/**
 * Reads one turn's records from loopd's log, {@code sessions/<id>/0.jsonl}, for the turn decision.
 * The whole log as written so far is read, so the label holds every tool result up to now: a turn
 * decided late is decided from the session's state then, which can only be more untrusted or of a
 * higher class than at the turn's end (the M5c spec, section 5.3). Memory is bounded by the reader's
 * batches; only the turn's own texts are kept.
 */
public final class TurnLog {
    private TurnLog() {
    }

    /**
     * The records of {@code turn}, or empty when the log does not hold that turn finished (its user
     * record and an assistant record without tool calls).
     *
     * @throws java.nio.file.NoSuchFileException when the session has no log
     * @throws dev.boxmaker.proto.log.LogFormatException when a line cannot be read
     */
    public static Optional<TurnRecords> read(Path home, SessionId session, long turn) throws IOException {
        SessionLogReader reader = new SessionLogReader(SessionLogs.file(home, session));
        Label label = Label.SESSION_START;
        UserRecord user = null;
        AssistantRecord last = null;
        SessionLogReader.Batch batch = reader.read(0);
        while (true) {
            for (LogRecord record : batch.records()) {
                if (record instanceof ToolResultRecord result) {
                    label = label.combine(result.label());
                } else if (record.turn() == turn && record instanceof UserRecord u && user == null) {
                    user = u;
                } else if (record.turn() == turn && record instanceof AssistantRecord a && a.closesTurn()) {
                    last = a;
                }
            }
            if (!batch.more()) {
                break;
            }
            batch = reader.read(batch.next());
        }
        if (user == null || last == null) {
            return Optional.empty();
        }
        String reply = last.content() == null ? "" : last.content();
        return Optional.of(new TurnRecords(turn, user.speaker(), user.content(), reply, label));
    }
}
