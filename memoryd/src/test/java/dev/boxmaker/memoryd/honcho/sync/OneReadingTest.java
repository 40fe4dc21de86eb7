package dev.boxmaker.memoryd.honcho.sync;

import static dev.boxmaker.memoryd.honcho.sync.TurnDecidingTest.decided;
import static dev.boxmaker.memoryd.honcho.sync.TurnDecidingTest.reply;
import static dev.boxmaker.memoryd.honcho.sync.TurnDecidingTest.result;
import static dev.boxmaker.memoryd.honcho.sync.TurnDecidingTest.call;
import static dev.boxmaker.memoryd.honcho.sync.TurnDecidingTest.user;
import static org.assertj.core.api.Assertions.assertThat;

import dev.boxmaker.memoryd.honcho.decide.TurnRecords;
import dev.boxmaker.memoryd.sentences.TailSentences;
import dev.boxmaker.proto.DataClass;
import dev.boxmaker.proto.Label;
import dev.boxmaker.proto.SessionId;
import dev.boxmaker.proto.log.SessionLogs;
import dev.boxmaker.proto.testing.RunningServer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.logging.Logger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * One reading of each session log for the turn decisions (issue 34, item 1): each record is read once
 * across the turns, the worker takes a decided turn's texts from the decision, and a rewritten
 * (shorter) log and a damaged line are read as the index reads them.
 */
class OneReadingTest {
    static final String S = "mm-one";

    DecideRig rig;
    final LogCapture capture = new LogCapture();
    final List<String> logged = capture.logged;

    @BeforeEach
    void start() throws Exception {
        rig = new DecideRig("one");
        Logger.getLogger(TurnDeciding.class.getName()).addHandler(capture);
    }

    @AfterEach
    void stop() {
        Logger.getLogger(TurnDeciding.class.getName()).removeHandler(capture);
        rig.close();
    }

    @Test
    void acrossTwentyTurnsEachRecordIsReadOnceAndTheWorkerReadsNoRecord() throws Exception {
        LoggedItems items = new LoggedItems(rig.home, null, rig.deciding.kept(), DecideRig.PEERS);
        List<String> expected = new ArrayList<>();
        try (RunningServer b = rig.brokerd(DataClass.PRIVATE, false)) {
            for (long t = 1; t <= 20; t++) {
                rig.log(S, user(t, "question " + t, "kyle"), call(t), result(t, DataClass.PUBLIC, false),
                        reply(t, "answer " + t));
                rig.updated(S);
                expected.add(decided(S, t, "bx-trusted", "clean"));
            }
        }
        assertThat(rig.deciding.recordsRead(SessionId.of(S))).isEqualTo(80);
        assertThat(rig.ledgerLines()).containsExactlyElementsOf(expected);
        for (long t = 1; t <= 20; t++) {
            assertThat(items.turn(S, t)).contains(new TurnRecords(t, "kyle", "question " + t, "answer " + t,
                    Label.SESSION_START));
        }
        assertThat(items.tails().recordsRead).isZero();
    }

    @Test
    void aLogRewrittenShorterIsReadAgainFromItsStartAndItsNewTurnDecided() throws Exception {
        try (RunningServer b = rig.brokerd(DataClass.PRIVATE, false)) {
            rig.log(S, user(1, "hello", "kyle"), reply(1, "hi"), user(2, "a long question " + "x".repeat(500), "kyle"),
                    reply(2, "a long answer " + "y".repeat(500)));
            rig.updated(S);
            Files.delete(SessionLogs.file(rig.home, SessionId.of(S)));
            rig.log(S, user(1, "hello", "kyle"), reply(1, "hi"), user(3, "short", "kyle"), reply(3, "ok"));
            rig.updated(S);
        }
        assertThat(rig.ledgerLines()).containsExactly(decided(S, 1, "bx-trusted", "clean"),
                decided(S, 2, "bx-trusted", "clean"), decided(S, 3, "bx-trusted", "clean"));
    }

    @Test
    void aDamagedLineStopsTheReadingAfterTheTurnsBeforeItAndSaysWhere() throws Exception {
        rig.log(S, user(1, "hello", "kyle"), reply(1, "hi"));
        Files.writeString(SessionLogs.file(rig.home, SessionId.of(S)), "{not a record}\n", StandardCharsets.UTF_8,
                StandardOpenOption.APPEND);
        rig.log(S, user(2, "again", "kyle"), reply(2, "hi again"));
        try (RunningServer b = rig.brokerd(DataClass.PRIVATE, false)) {
            rig.updated(S);
        }
        assertThat(rig.ledgerLines()).containsExactly(decided(S, 1, "bx-trusted", "clean"));
        assertThat(logged).containsExactly(TailSentences.logUnreadable(S, 2, "LogFormatException"));
        assertThat(TailSentences.logUnreadable(S, 2, "LogFormatException")).isEqualTo("session mm-one's log cannot be"
                + " read from record 2 for Honcho decisions (LogFormatException); the turns before it are decided, the"
                + " ones after it wait until it can be read");
        assertThat(rig.deciding.undecidedCount()).isZero();
        assertThat(Optional.of(rig.ledger.tails().get(S).records())).contains(2L);
    }
}
