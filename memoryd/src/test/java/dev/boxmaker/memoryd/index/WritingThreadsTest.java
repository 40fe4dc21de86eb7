package dev.boxmaker.memoryd.index;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.sql.SQLException;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;

class WritingThreadsTest {
    @Test
    void aBatchIsHandedOverOnlyOnceBothThreadsWroteTheLastOnTheirOwnThreads() throws Exception {
        List<String> done = new CopyOnWriteArrayList<>();
        try (WritingThreads writing = new WritingThreads(true)) {
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
                    "file " + batch + " " + WritingThreads.FILE_THREAD, "side " + batch + " " + WritingThreads.SIDE_THREAD);
        }
    }

    @Test
    void aWriteThatFailsOnEitherThreadFailsTheNextHandOverAndTheEnd() throws Exception {
        WritingThreads writing = new WritingThreads(true);
        writing.write(() -> { }, () -> {
            throw new SQLException("the side file is full");
        });
        assertThatThrownBy(() -> writing.write(() -> { }, () -> { })).isInstanceOf(SQLException.class)
                .hasMessage("the side file is full");
        writing.write(() -> {
            throw new SQLException("the file is full");
        }, null);
        assertThatThrownBy(writing::close).isInstanceOf(SQLException.class).hasMessage("the file is full");
    }

    @Test
    void alongsideRunsBothAndReportsTheOtherThreadsFailureOnlyAfterItsOwnWorkIsDone() throws Exception {
        List<String> done = new CopyOnWriteArrayList<>();
        assertThatThrownBy(() -> WritingThreads.alongside("memoryd-test-other", () -> {
            done.add(Thread.currentThread().getName());
            throw new SQLException("the index could not be made");
        }, () -> {
            sleep(50);
            done.add("here");
        })).isInstanceOf(SQLException.class).hasMessage("the index could not be made");
        assertThat(done).containsExactlyInAnyOrder("memoryd-test-other", "here");
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
