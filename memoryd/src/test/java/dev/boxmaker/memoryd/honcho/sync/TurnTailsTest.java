package dev.boxmaker.memoryd.honcho.sync;

import static org.assertj.core.api.Assertions.assertThat;

import dev.boxmaker.memoryd.honcho.decide.TurnLog;
import dev.boxmaker.memoryd.honcho.decide.TurnRecords;
import dev.boxmaker.proto.SessionId;
import dev.boxmaker.proto.log.AssistantRecord;
import dev.boxmaker.proto.log.LogRecord;
import dev.boxmaker.proto.log.SessionLogWriter;
import dev.boxmaker.proto.log.UserRecord;
import dev.boxmaker.proto.testing.TempHomes;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The worker's reads of turns, each log read once: every answer is what a read of the whole log gives. */
class TurnTailsTest {
    static final Instant T = Instant.parse("2026-12-02T07:59:00Z");
    static final SessionId S = SessionId.of("mm-tails");

    Path home;

    @BeforeEach
    void home() throws Exception {
        home = TempHomes.create("tails");
    }

    @AfterEach
    void delete() throws Exception {
        TempHomes.delete(home);
    }

    void log(long from, long to) throws Exception {
        try (SessionLogWriter writer = SessionLogWriter.open(home, S)) {
            for (long t = from; t < to; t++) {
                for (LogRecord r : List.of(new UserRecord(T, t, "question " + t, "kyle"),
                        new AssistantRecord(T, t, "answer " + t, null, List.of()))) {
                    writer.append(r);
                }
            }
        }
    }

    List<Optional<TurnRecords>> read(TurnTails tails, long... turns) throws Exception {
        List<Optional<TurnRecords>> read = new ArrayList<>();
        for (long t : turns) {
            read.add(tails.turn(S, t));
        }
        return read;
    }

    List<Optional<TurnRecords>> whole(long... turns) throws Exception {
        List<Optional<TurnRecords>> read = new ArrayList<>();
        for (long t : turns) {
            read.add(TurnLog.read(home, S, t));
        }
        return read;
    }

    @Test
    void turnsInOrderThenAppendedThenAskedAgainAndMissingAreWhatTheWholeLogGives() throws Exception {
        log(1, 6);
        TurnTails tails = new TurnTails(home);
        assertThat(read(tails, 1, 2, 3)).isEqualTo(whole(1, 2, 3));
        log(6, 9);
        assertThat(read(tails, 4, 7, 8, 9)).isEqualTo(whole(4, 7, 8, 9));
        assertThat(read(tails, 2, 1, 5)).isEqualTo(whole(2, 1, 5));
        assertThat(tails.turn(S, 9)).isEmpty();
        assertThat(tails.turn(S, 8).orElseThrow().text()).isEqualTo("question 8");
    }

    @Test
    void pastItsCharsASessionDropsItsLaterTurnsAndReadsThemAgainWhenAskedFor() throws Exception {
        log(1, 40);
        TurnTails tails = new TurnTails(home, 100);
        long[] turns = new long[39];
        for (int i = 0; i < turns.length; i++) {
            turns[i] = i + 1;
        }
        assertThat(read(tails, turns)).isEqualTo(whole(turns)).allMatch(Optional::isPresent);
        TurnTails tiny = new TurnTails(home, 5);
        assertThat(read(tiny, 3, 4, 1)).isEqualTo(whole(3, 4, 1)).allMatch(Optional::isPresent);
    }
}
