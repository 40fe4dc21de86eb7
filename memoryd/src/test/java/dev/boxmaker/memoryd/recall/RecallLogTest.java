package dev.boxmaker.memoryd.recall;

import static org.assertj.core.api.Assertions.assertThat;

import dev.boxmaker.memoryd.sentences.IndexSentences;
import dev.boxmaker.memoryd.sentences.StartSentences;
import dev.boxmaker.memoryd.threads.MemorydThreads;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The recall log's line is in its file when append returns; its flush, after, never fails a recall. */
class RecallLogTest {
    private static final Instant NOW = Instant.parse("2026-09-25T08:00:00Z");

    @Test
    void aLineIsInTheFileWhenAppendReturnsAndAFlushOfAVanishedFileOnlyLogs(@TempDir Path memory) throws Exception {
        RecallLog log = new RecallLog(memory, MemorydThreads.start().recallLogFlush());
        Path file = memory.resolve("recalls/2026-09.jsonl");
        log.append(NOW, "mm-asker", "tea", 5, List.of());
        String line = "{\"time\":\"2026-09-25T08:00:00Z\",\"session\":\"mm-asker\",\"query\":\"tea\",\"k\":5,\"hits\":[]}\n";
        assertThat(Files.readString(file)).isEqualTo(line);
        log.flushNow();
        // The owner removes the file between the append and its flush: the flush logs, the next line goes on.
        log.append(NOW, "mm-asker", "tea", 5, List.of());
        Files.delete(file);
        log.flushNow();
        log.append(NOW, "mm-asker", "tea", 5, List.of());
        log.flushNow();
        assertThat(Files.readString(file)).isEqualTo(line);
    }

    /**
     * The flush thread refuses the flush (its one queue place holds a flush not yet started, which an
     * owner's flushNow made a second of, or memoryd is closing): the recall still gets its line and
     * is answered, and the next flush takes the file.
     */
    @Test
    void aFlushTheFlushThreadRefusesFailsNoRecall(@TempDir Path memory) throws Exception {
        RecallLog log = new RecallLog(memory, task -> {
            throw new java.util.concurrent.RejectedExecutionException("queue full");
        });
        Path file = memory.resolve("recalls/2026-09.jsonl");
        log.append(NOW, "mm-asker", "tea", 5, List.of());
        log.append(NOW, "mm-asker", "tea", 5, List.of());
        String line = "{\"time\":\"2026-09-25T08:00:00Z\",\"session\":\"mm-asker\",\"query\":\"tea\",\"k\":5,\"hits\":[]}\n";
        assertThat(Files.readString(file)).isEqualTo(line + line);
        log.flushNow();
        assertThat(Files.readString(file)).isEqualTo(line + line);
    }

    @Test
    void aLineAStopLeftUnfinishedIsCutOffBeforeTheFirstLineAppendedAfterIt(@TempDir Path memory) throws Exception {
        Path file = memory.resolve("recalls/2026-09.jsonl");
        String line = "{\"time\":\"2026-09-25T08:00:00Z\",\"session\":\"mm-asker\",\"query\":\"tea\",\"k\":5,\"hits\":[]}\n";
        Files.createDirectories(file.getParent());
        Files.writeString(file, line + "{\"time\":\"2026-09-25T07:59");
        RecallLog log = new RecallLog(memory, MemorydThreads.start().recallLogFlush());
        log.append(NOW, "mm-asker", "tea", 5, List.of());
        log.append(NOW, "mm-asker", "tea", 5, List.of());
        assertThat(Files.readString(file)).isEqualTo(line + line + line);
    }

    @Test
    void theUnfinishedLineSentence() {
        assertThat(StartSentences.unfinishedLineDropped(Path.of("/home/o/memory/edits/2026-12.jsonl"), 1_234))
                .isEqualTo("dropped an unfinished last line of 1,234 bytes from /home/o/memory/edits/2026-12.jsonl,"
                        + " left by a write that a stop interrupted and that was never answered");
    }

    @Test
    void theFlushFailureSentence() {
        assertThat(IndexSentences.recallLogNotFlushed(Path.of("/home/o/memory/recalls/2026-09.jsonl"), "No space left on device"))
                .isEqualTo("the recall log /home/o/memory/recalls/2026-09.jsonl could not be flushed to disk: No space left on device");
    }
}
