package dev.boxmaker.memoryd.honcho.tail;

import dev.boxmaker.memoryd.honcho.decide.TurnRecords;
import dev.boxmaker.memoryd.honcho.ledger.TailMark;
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
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The one reading of loopd's session logs for the turn decisions: per session, the position after the
 * last record read, the label of the tool results so far, and the turn read but not finished yet. A
 * {@link #read} goes on from that position to the log's end and hands each turn that became finished
 * (an assistant record without tool calls closes it) to {@link Turns#finished}, and each turn a later
 * turn's user record ended unfinished to {@link Turns#unfinished}. Each record is read once, unless a
 * reading is stopped (the caller had no room) and goes again from the start of the batch it stopped in.
 *
 * <p>A log shorter than the position (rewritten) is read again from its start, its label recomputed. A
 * line that cannot be read stops the reading before it: the records before it are handed on, and the
 * next reading starts at it again and throws ({@link dev.boxmaker.proto.log.LogFormatException}). A
 * session holds at most one open turn's texts; at most {@link #SESSIONS_MAX} sessions are kept, the
 * least recently read dropped (its next reading starts where {@link #start} says, else from the log's
 * start). Not thread-safe: the decide thread owns it.
 */
public final class SessionTails {
    /** The most sessions whose reading is kept. */
    public static final int SESSIONS_MAX = 10_000;

    /** Where the turns a reading finds go. */
    public interface Turns {
        /**
         * {@code records} (labelled with the label when it closed) is finished; {@code from} is where a
         * reading that finds it again starts. False: no room; the reading stops and finds it again later.
         */
        boolean finished(SessionId session, TurnRecords records, TailMark from);

        /** A later turn's user record ended {@code turn} unfinished. False: the reading stops, as above. */
        boolean unfinished(SessionId session, long turn, TailMark from);
    }

    private final Path home;
    private final Map<String, Tail> tails = new LinkedHashMap<>(16, 0.75f, true) {
        private static final long serialVersionUID = 1L;

        @Override
        protected boolean removeEldestEntry(Map.Entry<String, Tail> eldest) {
            return size() > SESSIONS_MAX;
        }
    };

    /** Records taken from the index writer's batches, in all. */
    private long recordsTaken;

    public SessionTails(Path home) {
        this.home = home;
    }

    /** One session's reading. */
    private static final class Tail {
        LogPosition next;
        Label label;
        long lastTurn;
        /** Turns whose user record was said before this are history: never handed on. Null: none. */
        final Instant notBefore;
        UserRecord open;
        TailMark openFrom;
        long recordsRead;

        Tail(TailMark from, Instant notBefore) {
            this.notBefore = notBefore;
            moveTo(from);
        }

        void moveTo(TailMark from) {
            next = new LogPosition(from.records(), from.bytes());
            label = from.label();
            lastTurn = from.turn();
            open = null;
            openFrom = null;
        }

        TailMark mark() {
            return new TailMark(next.records(), next.bytes(), label, lastTurn);
        }
    }

    /**
     * Starts {@code session}'s reading at {@code from} (the ledger's mark, or {@link TailMark#START}),
     * handing on no turn said before {@code notBefore}: the start-up scan's reading.
     */
    public void start(SessionId session, TailMark from, Instant notBefore) {
        tails.put(session.value(), new Tail(from, notBefore));
    }

    /** Whether {@code session} has a reading kept. */
    public boolean has(SessionId session) {
        return tails.containsKey(session.value());
    }

    /**
     * Reads {@code session}'s log from where its last reading stopped to its end.
     *
     * @throws java.nio.file.NoSuchFileException when the session has no log
     * @throws dev.boxmaker.proto.log.LogFormatException at a line that cannot be read
     */
    public void read(SessionId session, Turns turns) throws IOException {
        Tail tail = tails.computeIfAbsent(session.value(), k -> new Tail(TailMark.START, null));
        Path file = SessionLogs.file(home, session);
        if (Files.size(file) < tail.next.bytes()) {
            tail.moveTo(TailMark.START);
        }
        readUpTo(session, tail, new SessionLogReader(file), Long.MAX_VALUE, Long.MAX_VALUE, turns);
    }

    /**
     * Takes a batch the index writer read from {@code session}'s log ({@code records} from {@code before}
     * to {@code after}) instead of reading it again: a batch that starts at this reading's position is
     * applied; one that starts past it is applied after the gap is read from the log (only the gap); the
     * records of one that starts before it are skipped up to it. A log now shorter than the position
     * (rewritten) is taken from its start, as {@link #read} does. A session with no reading kept starts
     * at {@code from}.
     *
     * @throws dev.boxmaker.proto.log.LogFormatException at a line of the gap that cannot be read
     */
    public void take(SessionId session, TailMark from, LogPosition before, List<LogRecord> records, LogPosition after,
            Turns turns) throws IOException {
        Tail tail = tails.computeIfAbsent(session.value(), k -> new Tail(from, null));
        Path file = SessionLogs.file(home, session);
        if (before.records() < tail.next.records() && Files.size(file) < tail.next.bytes()) {
            tail.moveTo(TailMark.START);
        }
        if (before.records() > tail.next.records()
                && !readUpTo(session, tail, new SessionLogReader(file), before.records(), before.bytes(), turns)) {
            return;
        }
        long skip = tail.next.records() - before.records();
        if (skip < 0 || skip >= records.size()) {
            // A gap that could not be read (a damaged line), or nothing past the position.
            return;
        }
        recordsTaken += records.size() - skip;
        applyAll(session, tail, records.subList((int) skip, records.size()), after, turns);
    }

    /**
     * Reads batches from the position until it reaches record {@code records} (at byte {@code bytes}) or
     * the log's end; false when a reading stopped (no room).
     */
    private boolean readUpTo(SessionId session, Tail tail, SessionLogReader reader, long records, long bytes,
            Turns turns) throws IOException {
        while (tail.next.records() < records) {
            SessionLogReader.Batch batch = reader.read(tail.next, bytes);
            tail.recordsRead += batch.records().size();
            if (!applyAll(session, tail, batch.records(), batch.next(), turns)) {
                return false;
            }
            if (!batch.more() || batch.records().isEmpty()) {
                return true;
            }
        }
        return true;
    }

    /**
     * Applies {@code records} (from the position on), moving the position to {@code next}; when a
     * turn finds no room, moves back to where they start and says false.
     */
    private boolean applyAll(SessionId session, Tail tail, List<LogRecord> records, LogPosition next, Turns turns) {
        TailMark batchStart = tail.mark();
        UserRecord open = tail.open;
        TailMark openFrom = tail.openFrom;
        for (LogRecord record : records) {
            if (!apply(session, tail, record, batchStart, turns)) {
                tail.moveTo(batchStart);
                tail.open = open;
                tail.openFrom = openFrom;
                return false;
            }
        }
        tail.next = next;
        return true;
    }

    private boolean apply(SessionId session, Tail tail, LogRecord record, TailMark batchStart, Turns turns) {
        if (record instanceof ToolResultRecord result) {
            tail.label = tail.label.combine(result.label());
        } else if (record instanceof UserRecord user && (tail.open == null || tail.open.turn() != user.turn())) {
            if (tail.open != null && handed(tail) && !turns.unfinished(session, tail.open.turn(), tail.openFrom)) {
                return false;
            }
            tail.open = user;
            tail.openFrom = batchStart;
            tail.lastTurn = user.turn();
        } else if (record instanceof AssistantRecord reply && reply.closesTurn() && tail.open != null
                && tail.open.turn() == reply.turn()) {
            UserRecord user = tail.open;
            TurnRecords records = new TurnRecords(user.turn(), user.speaker(), user.content(),
                    reply.content() == null ? "" : reply.content(), tail.label);
            if (handed(tail) && !turns.finished(session, records, tail.openFrom)) {
                return false;
            }
            tail.open = null;
            tail.openFrom = null;
        }
        return true;
    }

    /** Whether the open turn is handed on: not history from before {@code notBefore}. */
    private static boolean handed(Tail tail) {
        return tail.notBefore == null || !tail.open.time().isBefore(tail.notBefore);
    }

    /** The label of {@code session}'s tool results as far as its reading has gone. */
    public Label label(SessionId session) {
        Tail tail = tails.get(session.value());
        return tail == null ? Label.SESSION_START : tail.label;
    }

    /**
     * Where a reading that finds every turn not handed on yet starts: the open turn's batch, else
     * where the last reading stopped. Empty for a session with no reading kept.
     */
    public Optional<TailMark> mark(SessionId session) {
        Tail tail = tails.get(session.value());
        if (tail == null) {
            return Optional.empty();
        }
        return Optional.of(tail.openFrom != null ? tail.openFrom : tail.mark());
    }

    /** Whether {@code session}'s reading holds a turn begun and not finished. */
    public boolean hasOpenTurn(SessionId session) {
        Tail tail = tails.get(session.value());
        return tail != null && tail.open != null;
    }

    /** The sessions whose reading holds a turn begun and not finished. */
    public java.util.List<SessionId> withOpenTurns() {
        return tails.entrySet().stream().filter(e -> e.getValue().open != null)
                .map(e -> SessionId.of(e.getKey())).toList();
    }

    /** How many records the index writer's batches handed to these readings in all ({@link #take}); for tests. */
    public long recordsTaken() {
        return recordsTaken;
    }

    /** How many records {@code session}'s reading kept now has read from its log in all; for tests. */
    public long recordsRead(SessionId session) {
        Tail tail = tails.get(session.value());
        return tail == null ? 0 : tail.recordsRead;
    }
}
