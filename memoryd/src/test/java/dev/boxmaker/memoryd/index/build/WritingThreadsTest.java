package dev.boxmaker.memoryd.index.build;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.boxmaker.memoryd.threads.MemorydThreads;
import java.sql.SQLException;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import org.junit.jupiter.api.Test;

class WritingThreadsTest {
    /** Writing on new index threads, {@code inFlightMax} hand-overs in flight at most. */
    private static WritingThreads threads(int inFlightMax) {
        MemorydThreads threads = MemorydThreads.start();
        return new WritingThreads(threads.indexCommit(), threads.indexSide(), inFlightMax);
    }

    @Test
    void aBatchIsHandedOverOnlyOnceBothThreadsWroteTheLastOnTheirOwnThreads() throws Exception {
        List<String> done = new CopyOnWriteArrayList<>();
        try (WritingThreads writing = threads(1)) {
            for (int batch = 0; batch < 3; batch++) {
                int n = batch;
                writing.write(() -> {
                    sleep(20);
                    done.add("file " + n + " " + Thread.currentThread().getName());
                }, () -> done.add("side " + n + " " + Thread.currentThread().getName()));
            }
        }
        assertThat(done).hasSize(6);
        for (int batch = 0; batch < 3; batch++) {
            // Both of a batch's writes come before any of the next batch's.
            assertThat(done.subList(batch * 2, batch * 2 + 2)).containsExactlyInAnyOrder(
                    "file " + batch + " memoryd-index-commit-1", "side " + batch + " memoryd-index-side-1");
        }
    }

    @Test
    void aWriteThatFailsOnEitherThreadFailsTheNextHandOverAndNothingHandedOverAfterItRuns() throws Exception {
        List<String> done = new CopyOnWriteArrayList<>();
        CountDownLatch fileWritten = new CountDownLatch(1);
        WritingThreads writing = threads(1);
        // The side's write fails once the file's write of the same hand-over is done; without the
        // wait, the failure could come first and the file's write would not run.
        writing.write(() -> {
            done.add("file 0");
            fileWritten.countDown();
        }, () -> {
            await(fileWritten);
            throw new SQLException("the side file is full");
        });
        assertThatThrownBy(() -> writing.write(() -> done.add("file 1"), () -> done.add("side 1")))
                .isInstanceOf(SQLException.class).hasMessage("the side file is full");
        writing.write(() -> done.add("file 2"), () -> done.add("side 2"));
        writing.close();
        assertThat(done).containsExactly("file 0");
    }

    @Test
    void aFailureOnTheFileThreadIsThrownAtTheEnd() throws Exception {
        WritingThreads writing = threads(3);
        writing.write(() -> { }, () -> { });
        writing.write(() -> {
            throw new SQLException("the file is full");
        }, null);
        assertThatThrownBy(writing::close).isInstanceOf(SQLException.class).hasMessage("the file is full");
    }

    /**
     * With three hand-overs in flight at most, a fourth waits until both threads wrote the first,
     * and each thread writes what it is handed in order.
     */
    @Test
    void aHandOverPastTheMostInFlightWaitsForTheOldestAndEachThreadWritesInOrder() throws Exception {
        List<String> done = new CopyOnWriteArrayList<>();
        CountDownLatch firstStarted = new CountDownLatch(1);
        CountDownLatch releaseFirst = new CountDownLatch(1);
        WritingThreads writing = threads(3);
        writing.write(() -> {
            firstStarted.countDown();
            await(releaseFirst);
            done.add("file 0");
        }, () -> done.add("side 0"));
        for (int n = 1; n < 3; n++) {
            int k = n;
            writing.write(() -> done.add("file " + k), () -> done.add("side " + k));
        }
        // Three in flight: the fourth hand-over waits, on its own thread, for the first file write.
        Thread fourth = new Thread(() -> {
            try {
                writing.write(() -> done.add("file 3"), () -> done.add("side 3"));
                done.add("handed 3");
            } catch (SQLException e) {
                done.add("failed " + e.getMessage());
            }
        });
        firstStarted.await();
        fourth.start();
        while (fourth.getState() != Thread.State.WAITING && fourth.isAlive()) {
            Thread.onSpinWait();
        }
        assertThat(done).doesNotContain("handed 3", "file 0");
        releaseFirst.countDown();
        fourth.join();
        writing.close();
        assertThat(done.indexOf("handed 3")).isGreaterThan(done.indexOf("file 0"));
        assertThat(done.stream().filter(d -> d.startsWith("file"))).containsExactly("file 0", "file 1", "file 2", "file 3");
        assertThat(done.stream().filter(d -> d.startsWith("side"))).containsExactly("side 0", "side 1", "side 2", "side 3");
    }

    private static void await(CountDownLatch latch) {
        try {
            latch.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    @Test
    void alongsideRunsBothAndReportsTheOtherThreadsFailureOnlyAfterItsOwnWorkIsDone() throws Exception {
        List<String> done = new CopyOnWriteArrayList<>();
        assertThatThrownBy(() -> WritingThreads.alongside(MemorydThreads.start().indexSide(), () -> {
            done.add(Thread.currentThread().getName());
            throw new SQLException("the index could not be made");
        }, () -> {
            sleep(50);
            done.add("here");
        })).isInstanceOf(SQLException.class).hasMessage("the index could not be made");
        assertThat(done).containsExactlyInAnyOrder("memoryd-index-side-1", "here");
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
