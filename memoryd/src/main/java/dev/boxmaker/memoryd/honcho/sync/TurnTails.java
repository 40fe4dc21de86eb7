package dev.boxmaker.memoryd.honcho.sync;

import dev.boxmaker.memoryd.honcho.decide.TurnLog;
import dev.boxmaker.memoryd.honcho.decide.TurnRecords;
import dev.boxmaker.proto.Label;
import dev.boxmaker.proto.SessionId;
import dev.boxmaker.proto.log.AssistantRecord;
import dev.boxmaker.proto.log.LogPosition;
import dev.boxmaker.proto.log.LogRecord;
import dev.boxmaker.proto.log.SessionLogReader;
import dev.boxmaker.proto.log.SessionLogs;
import dev.boxmaker.proto.log.ToolResultRecord;
import dev.boxmaker.proto.log.UserRecord;
import java.io.IOException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * The worker's reads of finished turns from loopd's logs, each log read once rather than once per
 * turn. Per session, where the last read stopped and the turns read from there that the worker has
 * not passed yet; a read goes on from where the last stopped to the log's end, so a turn's records
 * are what {@link TurnLog#read} finds in the whole log now. The worker asks for a session's turns in
 * order; a turn before those kept (one asked for again long after) starts the session's read again
 * from the log's start. Memory: at most {@link #SESSIONS_MAX} sessions and {@link #CHARS_MAX} chars of
 * texts each; past that, the later turns are dropped and read again when asked for.
 */
final class TurnTails {
    /** The sessions whose reads are kept; the least recently asked for goes first. */
    static final int SESSIONS_MAX = 16;
    /** The most chars of texts and replies kept for one session. */
    static final long CHARS_MAX = 4_000_000;
    /** How far behind the last turn asked for a session's turns are kept (a batch sent again one by one). */
    static final long TURNS_KEPT_BEHIND = 100;

    private final Path home;
    private final long charsMax;
    /** The records this reading has read in all; for tests. */
    long recordsRead;
    private final Map<String, Tail> tails = new LinkedHashMap<>(16, 0.75f, true) {
        private static final long serialVersionUID = 1L;

        @Override
        protected boolean removeEldestEntry(Map.Entry<String, Tail> eldest) {
            return size() > SESSIONS_MAX;
        }
    };

    TurnTails(Path home) {
        this(home, CHARS_MAX);
    }

    /** With another limit on the chars kept per session, so tests reach it with small logs. */
    TurnTails(Path home, long charsMax) {
        this.home = home;
        this.charsMax = charsMax;
    }

    /** One turn as read so far: its first user record and its last closing assistant record. */
    private static final class Partial {
        UserRecord user;
        AssistantRecord last;
    }

    /** One session's read: where it stopped, the turns kept ({@code floor} to {@code ceiling}) and the label so far. */
    private static final class Tail {
        LogPosition next = LogPosition.START;
        long floor;
        long ceiling = Long.MAX_VALUE;
        long chars;
        Label label = Label.SESSION_START;
        final TreeMap<Long, Partial> turns = new TreeMap<>();

        Tail(long floor) {
            this.floor = floor;
        }
    }

    /** The records of {@code turn} of {@code session}, or empty when the log does not hold it finished. */
    synchronized Optional<TurnRecords> turn(SessionId session, long turn) throws IOException {
        Tail tail = tails.get(session.value());
        if (tail == null || turn < tail.floor || turn > tail.ceiling) {
            tail = new Tail(Math.max(0, turn));
            tails.put(session.value(), tail);
        }
        read(session, tail);
        if (turn > tail.ceiling) {
            // One turn larger than what a session keeps: read alone.
            tails.remove(session.value());
            return TurnLog.read(home, session, turn);
        }
        long keepFrom = Math.max(tail.floor, turn - TURNS_KEPT_BEHIND);
        Map<Long, Partial> behind = tail.turns.headMap(keepFrom);
        for (Partial dropped : behind.values()) {
            tail.chars -= chars(dropped);
        }
        behind.clear();
        tail.floor = keepFrom;
        Partial p = tail.turns.get(turn);
        if (p == null || p.user == null || p.last == null) {
            return Optional.empty();
        }
        String reply = p.last.content() == null ? "" : p.last.content();
        return Optional.of(new TurnRecords(turn, p.user.speaker(), p.user.content(), reply, tail.label));
    }

    /** Reads {@code session}'s log from where {@code tail} stopped to its end. */
    private void read(SessionId session, Tail tail) throws IOException {
        SessionLogReader reader = new SessionLogReader(SessionLogs.file(home, session));
        SessionLogReader.Batch batch = reader.read(tail.next);
        while (true) {
            recordsRead += batch.records().size();
            for (LogRecord record : batch.records()) {
                apply(tail, record);
            }
            tail.next = batch.next();
            if (!batch.more()) {
                return;
            }
            batch = reader.read(batch.next());
        }
    }

    private void apply(Tail tail, LogRecord record) {
        if (record instanceof ToolResultRecord result) {
            tail.label = tail.label.combine(result.label());
            return;
        }
        long turn = record.turn();
        if (turn < tail.floor || turn > tail.ceiling) {
            return;
        }
        if (record instanceof UserRecord u) {
            Partial p = tail.turns.computeIfAbsent(turn, k -> new Partial());
            if (p.user == null) {
                p.user = u;
                tail.chars += u.content().length();
            }
        } else if (record instanceof AssistantRecord a && a.closesTurn()) {
            Partial p = tail.turns.computeIfAbsent(turn, k -> new Partial());
            tail.chars -= p.last == null || p.last.content() == null ? 0 : p.last.content().length();
            p.last = a;
            tail.chars += a.content() == null ? 0 : a.content().length();
        }
        while (tail.chars > charsMax && !tail.turns.isEmpty()) {
            Map.Entry<Long, Partial> highest = tail.turns.pollLastEntry();
            tail.chars -= chars(highest.getValue());
            tail.ceiling = highest.getKey() - 1;
        }
    }

    private static long chars(Partial p) {
        return (p.user == null ? 0 : p.user.content().length())
                + (p.last == null || p.last.content() == null ? 0 : p.last.content().length());
    }
}
