package dev.boxmaker.memoryd.honcho.sync;

import static dev.boxmaker.memoryd.honcho.sync.TurnDecidingTest.decided;
import static dev.boxmaker.memoryd.honcho.sync.TurnDecidingTest.reply;
import static org.assertj.core.api.Assertions.assertThat;

import dev.boxmaker.proto.DataClass;
import dev.boxmaker.proto.SessionId;
import dev.boxmaker.proto.log.UserRecord;
import dev.boxmaker.proto.testing.RunningServer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Instant;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The start-up scan (issue 33 item 5, issue 35 item 5, issue 34's tests): a turn left undecided at a
 * stop, a turn whose decided line a stop tore, and a turn a log gained while memoryd was down are
 * decided at start without another update; a turn said before the ledger began never is.
 */
class StartScanTest {
    static final String S = "mm-scan";
    /** The ledger's clock reads 08:00:00, so its {@code began} line and {@code since} are that. */
    static final String BEGAN = "{\"event\":\"began\",\"time\":\"2026-12-02T08:00:00Z\"}";
    static final Instant AFTER = Instant.parse("2026-12-02T08:00:30Z");
    static final Instant BEFORE = Instant.parse("2026-12-02T07:59:59Z");

    DecideRig rig;

    @BeforeEach
    void start() throws Exception {
        rig = new DecideRig("scan");
        rig.ledger.begin();
    }

    @AfterEach
    void stop() {
        rig.close();
    }

    static UserRecord said(Instant time, long turn, String text) {
        return new UserRecord(time, turn, text, "kyle");
    }

    @Test
    void aTurnUndecidedAtAStopIsDecidedOnceBrokerdAnswersWithoutAnotherUpdate() throws Exception {
        rig.log(S, said(AFTER, 1, "hello"), reply(1, "hi"));
        rig.updated(S);
        assertThat(rig.deciding.undecidedCount()).isEqualTo(1);
        rig.restart();
        try (RunningServer b = rig.brokerd(DataClass.PRIVATE, false)) {
            assertThat(rig.awaitLines(2)).containsExactly(BEGAN, decided(S, 1, "bx-trusted", "clean"));
        }
        assertThat(rig.wakes).hasSize(1);
    }

    @Test
    void aTurnWhoseDecidedLineWasTornByAStopIsDecidedAtStart() throws Exception {
        rig.log(S, said(AFTER, 1, "hello"), reply(1, "hi"), said(AFTER, 2, "again"), reply(2, "hi again"));
        try (RunningServer b = rig.brokerd(DataClass.PRIVATE, false)) {
            rig.updated(S);
            rig.deciding.close();
            Path file = rig.home.resolve("memory/honcho.jsonl");
            String whole = Files.readString(file, StandardCharsets.UTF_8);
            // The stop came in the middle of the last decided line's append.
            Files.writeString(file, whole.substring(0, whole.length() - 20), StandardCharsets.UTF_8,
                    StandardOpenOption.TRUNCATE_EXISTING);
            rig.open(true);
            rig.deciding.start();
            rig.deciding.await();
        }
        assertThat(rig.ledgerLines()).containsExactly(BEGAN, decided(S, 1, "bx-trusted", "clean"),
                decided(S, 2, "bx-trusted", "clean"));
    }

    @Test
    void aLogThatGrewWhileMemorydWasDownIsDecidedFromWhereTheCheckpointLeftIt() throws Throwable {
        grewWhileDown(() -> {
            rig.deciding.start();
            rig.deciding.await();
        });
    }

    @Test
    void afterARestartAnUpdateReadsItsSessionFromTheLedgersMarkOnly() throws Throwable {
        grewWhileDown(() -> rig.updated(S));
    }

    /** Turn 1 decided, a stop, turn 2 logged while down, a start, then {@code after}: turn 2 read alone. */
    void grewWhileDown(org.junit.jupiter.api.function.Executable after) throws Throwable {
        try (RunningServer b = rig.brokerd(DataClass.PRIVATE, false)) {
            rig.log(S, said(AFTER, 1, "hello"), reply(1, "hi"));
            rig.updated(S);
            rig.deciding.close();
            rig.ledger.checkpoint();
            rig.log(S, said(AFTER, 2, "while you were down"), reply(2, "I was"));
            rig.open(true);
            after.execute();
        }
        assertThat(rig.ledgerLines()).containsExactly(BEGAN, decided(S, 1, "bx-trusted", "clean"),
                decided(S, 2, "bx-trusted", "clean"));
        assertThat(rig.deciding.recordsRead(SessionId.of(S))).isEqualTo(2);
    }

    @Test
    void aTurnSaidBeforeTheLedgerBeganIsNeverDecidedByTheScan() throws Exception {
        rig.log(S, said(BEFORE, 1, "history"), reply(1, "old"), said(BEFORE, 2, "unfinished history"),
                said(AFTER, 3, "new"), reply(3, "news"));
        rig.deciding.close();
        rig.open(true);
        try (RunningServer b = rig.brokerd(DataClass.PRIVATE, false)) {
            rig.deciding.start();
            rig.deciding.await();
        }
        assertThat(rig.ledgerLines()).containsExactly(BEGAN, decided(S, 3, "bx-trusted", "clean"));
    }
}
