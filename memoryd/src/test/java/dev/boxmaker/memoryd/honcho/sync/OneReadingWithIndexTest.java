package dev.boxmaker.memoryd.honcho.sync;

import static dev.boxmaker.memoryd.honcho.sync.TurnDecidingTest.call;
import static dev.boxmaker.memoryd.honcho.sync.TurnDecidingTest.decided;
import static dev.boxmaker.memoryd.honcho.sync.TurnDecidingTest.reply;
import static dev.boxmaker.memoryd.honcho.sync.TurnDecidingTest.result;
import static dev.boxmaker.memoryd.honcho.sync.TurnDecidingTest.user;
import static org.assertj.core.api.Assertions.assertThat;

import dev.boxmaker.memoryd.Assembly;
import dev.boxmaker.memoryd.index.MemoryIndex;
import dev.boxmaker.memoryd.index.TestIndexes;
import dev.boxmaker.memoryd.sockets.SessionUpdatedHandler;
import dev.boxmaker.proto.DataClass;
import dev.boxmaker.proto.SessionId;
import dev.boxmaker.proto.log.SessionLogReader;
import dev.boxmaker.proto.log.SessionLogs;
import dev.boxmaker.proto.testing.RunningServer;
import dev.boxmaker.proto.wire.msg.SessionUpdated;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The tail hands each record to both readers once (issue 34, item 1): with {@code [honcho]} the index
 * writer reads each session log and hands its batches to the turn decisions, which read the log
 * themselves only for what they were not handed (a gap).
 */
class OneReadingWithIndexTest {
    static final String S = "mm-both";

    DecideRig rig;
    MemoryIndex index;
    SessionUpdatedHandler handler;

    @BeforeEach
    void start() throws Exception {
        rig = new DecideRig("both");
        index = TestIndexes.open(rig.home);
        index.flush().get(10, TimeUnit.SECONDS);
        handler = new SessionUpdatedHandler(Assembly.sessionUpdates(index, Optional.of(rig.deciding)));
    }

    @AfterEach
    void stop() {
        index.close();
        rig.close();
    }

    void updated(long turn) throws Exception {
        handler.handle(new SessionUpdated(SessionId.of(S), turn));
        index.flush().get(10, TimeUnit.SECONDS);
        rig.deciding.await();
    }

    @Test
    void acrossTwentyTurnsEachRecordIsReadFromTheLogOnceAndBothTheIndexAndTheDecisionsSeeIt() throws Exception {
        List<String> expected = new ArrayList<>();
        try (RunningServer b = rig.brokerd(DataClass.PRIVATE, false)) {
            for (long t = 1; t <= 20; t++) {
                rig.log(S, user(t, "question " + t, "kyle"), call(t), result(t, DataClass.PUBLIC, false),
                        reply(t, "answer " + t));
                updated(t);
                expected.add(decided(S, t, "bx-trusted", "clean"));
            }
        }
        assertThat(index.logRecordsRead()).isEqualTo(80);
        assertThat(rig.deciding.recordsRead(SessionId.of(S))).isZero();
        assertThat(rig.deciding.recordsTaken()).isEqualTo(80);
        assertThat(rig.ledgerLines()).containsExactlyElementsOf(expected);
        assertThat(indexedRecords()).isEqualTo(80);
    }

    @Test
    void aBatchPastTheTailsPositionIsTakenAfterTheTailReadsOnlyTheGap() throws Exception {
        rig.log(S, user(1, "hello", "kyle"), reply(1, "hi"));
        SessionLogReader reader = new SessionLogReader(SessionLogs.file(rig.home, SessionId.of(S)));
        // The decisions' thread is not handed the first turn (as when past the waiting records' bound).
        SessionLogReader.Batch first = reader.read(reader.position(0));
        rig.log(S, user(2, "again", "kyle"), reply(2, "hi again"));
        SessionLogReader.Batch second = reader.read(first.next());
        try (RunningServer b = rig.brokerd(DataClass.PRIVATE, false)) {
            rig.deciding.readings().read(SessionId.of(S), first.next(), dev.boxmaker.proto.Label.SESSION_START,
                    second);
            rig.updated(S);
        }
        assertTwoRecordsReadTwoTakenAndBothTurnsDecided();
    }

    @Test
    void aBatchBeforeTheTailsPositionIsSkippedUpToIt() throws Exception {
        rig.log(S, user(1, "hello", "kyle"), reply(1, "hi"));
        try (RunningServer b = rig.brokerd(DataClass.PRIVATE, false)) {
            rig.updated(S);
            rig.log(S, user(2, "again", "kyle"), reply(2, "hi again"));
            SessionLogReader reader = new SessionLogReader(SessionLogs.file(rig.home, SessionId.of(S)));
            SessionLogReader.Batch all = reader.read(reader.position(0));
            rig.deciding.readings().read(SessionId.of(S), reader.position(0), dev.boxmaker.proto.Label.SESSION_START,
                    all);
            rig.updated(S);
        }
        assertTwoRecordsReadTwoTakenAndBothTurnsDecided();
    }

    /** Of the log's four records, the tail read two from disk and took two from the handed batch. */
    void assertTwoRecordsReadTwoTakenAndBothTurnsDecided() throws Exception {
        assertThat(rig.deciding.recordsRead(SessionId.of(S))).isEqualTo(2);
        assertThat(rig.deciding.recordsTaken()).isEqualTo(2);
        assertThat(rig.ledgerLines()).containsExactly(decided(S, 1, "bx-trusted", "clean"),
                decided(S, 2, "bx-trusted", "clean"));
    }

    /** The records the index's progress for the session's log reaches. */
    long indexedRecords() throws Exception {
        return index.read(c -> {
            try (PreparedStatement q = c.prepareStatement("SELECT records FROM progress WHERE log = ?")) {
                q.setString(1, rig.home.relativize(SessionLogs.file(rig.home, SessionId.of(S))).toString());
                try (ResultSet rs = q.executeQuery()) {
                    return rs.next() ? rs.getLong(1) : -1L;
                }
            }
        });
    }
}
