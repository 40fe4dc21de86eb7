package dev.boxmaker.memoryd.recall;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.boxmaker.memoryd.files.Durable;
import dev.boxmaker.memoryd.index.search.Hit;
import dev.boxmaker.proto.Json;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.List;
import org.jboss.logging.Logger;
import dev.boxmaker.memoryd.sentences.IndexSentences;

/**
 * {@code memory/recalls/YYYY-MM.jsonl}: one line per recall, its hits' sources, and the queries that
 * found nothing (memoryd.md, "Recall"), so hit counts survive a reindex.
 *
 * <p>A line is in the file before its recall is answered, so it survives memoryd's crash; it is flushed
 * to the disk right after, on a thread it is given, so a recall does not wait for the disk and a power
 * loss can take at most the lines of the last flush (see docs/decisions.md, "The recall log").
 */
public final class RecallLog {
    private static final Logger LOG = Logger.getLogger(RecallLog.class);

    public static final String DIR = "recalls";

    /** Files written since their last flush; the flusher takes them all at once. */
    private final java.util.Set<Path> unflushed = java.util.concurrent.ConcurrentHashMap.newKeySet();
    /** Held by the one flush running; not the appenders' lock, so an append never waits for the disk. */
    private final Object flushing = new Object();
    private final java.util.concurrent.atomic.AtomicBoolean flushQueued = new java.util.concurrent.atomic.AtomicBoolean();
    /** The flushes' one thread ({@code MemorydThreads#recallLogFlush}). */
    private final java.util.concurrent.Executor flusher;

    private static final DateTimeFormatter MONTH = DateTimeFormatter.ofPattern("uuuu-MM").withZone(ZoneOffset.UTC);

    private final Path dir;
    /**
     * The month files this process has appended to: before its first line to one, an unfinished last
     * line a stop left there is cut off, so the new line is not glued onto it.
     */
    private final java.util.Set<Path> checked = new java.util.HashSet<>();

    /** The log under {@code memoryDir}, flushed on {@code flusher}. */
    public RecallLog(Path memoryDir, java.util.concurrent.Executor flusher) {
        this.dir = memoryDir.resolve(DIR);
        this.flusher = flusher;
    }

    /** Appends the line for one recall, in the file before the answer goes out; flushed just after. */
    public synchronized void append(Instant time, String session, String query, int k, List<Hit> hits)
            throws IOException {
        Durable.ensureDirectory(dir);
        ObjectNode line = Json.MAPPER.createObjectNode();
        line.put("time", time.toString());
        line.put("session", session);
        line.put("query", query);
        line.put("k", k);
        ArrayNode out = line.putArray("hits");
        for (Hit hit : hits) {
            ObjectNode h = out.addObject();
            if (Hit.NOTE.equals(hit.kind())) {
                h.put("kind", "note");
                h.put("header", hit.header());
            } else {
                h.put("kind", "session");
                h.put("session", hit.session());
                h.put("epoch", hit.epoch());
                h.put("record", hit.record());
            }
        }
        Path file = dir.resolve(MONTH.format(time) + ".jsonl");
        if (checked.add(file)) {
            Durable.dropUnfinishedLine(file);
        }
        Durable.appendUnflushed(file, Json.MAPPER.writeValueAsString(line) + "\n");
        unflushed.add(file);
        if (flushQueued.compareAndSet(false, true)) {
            try {
                flusher.execute(this::flushNow);
            } catch (java.util.concurrent.RejectedExecutionException queuedOrClosing) {
                // A flush not yet started is queued (a flushNow of the owner's reset the flag before it
                // ran) and takes this line's file too; or memoryd is closing, whose flushNow does. The
                // recall is answered either way.
            }
        }
    }

    /**
     * Flushes every file written to since the last flush; lines appended meanwhile queue the next. For
     * the flusher thread, and for tests and shutdown, which wait for the lines written before.
     */
    public void flushNow() {
        synchronized (flushing) {
            flushQueued.set(false);
            // A file written after this copy is flushed below anyway (its bytes went in before it was
            // added) or, added after its removal here, has queued the next flush.
            for (Path file : List.copyOf(unflushed)) {
                unflushed.remove(file);
                try {
                    Durable.flush(file);
                } catch (IOException e) {
                    LOG.error(dev.boxmaker.memoryd.sentences.IndexSentences.recallLogNotFlushed(file, e.getMessage()));
                }
            }
        }
    }
}
