package dev.boxmaker.memoryd.honcho.ledger;

import com.fasterxml.jackson.databind.ObjectReader;
import com.fasterxml.jackson.databind.ObjectWriter;
import dev.boxmaker.memoryd.sentences.HonchoConfigSentences;
import dev.boxmaker.memoryd.files.Durable;
import dev.boxmaker.proto.Json;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Clock;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import org.jboss.logging.Logger;

/**
 * {@code memory/honcho.jsonl} (the M5c spec, section 5): append-only JSON lines, {@code decided},
 * {@code sent}, {@code failed}, each flushed to the disk before the call returns. What is decided for
 * a workspace and neither sent nor failed is the outbox; there is no other queue. Read through at
 * open, from the checkpoint when one fits; an unfinished last line (a crash mid-append) is cut off.
 * The file is made at the first append, never at open, so a memoryd without {@code [honcho]}, which
 * never appends, never has one. Thread-safe.
 */
public final class HonchoLedger {
    public static final String FILE_NAME = "honcho.jsonl";
    public static final String CHECKPOINT_NAME = "honcho.checkpoint.json";
    /** A checkpoint is written after this many lines read or appended past the last one. */
    public static final long CHECKPOINT_EVERY_LINES = 50_000;
    /** The most sessions whose {@link TailMark}s are kept; one past it is read from its log's start at the next start. */
    public static final int TAILS_MAX = 100_000;

    private static final Logger LOG = Logger.getLogger(HonchoLedger.class);
    private static final ObjectReader READER = Json.MAPPER.readerFor(LedgerLine.class);
    private static final ObjectWriter WRITER = Json.MAPPER.writerFor(LedgerLine.class);

    private final Path file;
    private final Path checkpointFile;
    private final Clock clock;
    private final Map<String, LedgerLine> pending = new LinkedHashMap<>();
    private final Map<String, Long> sent = new TreeMap<>();
    private final List<LedgerLine> failed = new ArrayList<>();
    private final Map<String, Long> nowhere = new TreeMap<>();
    private final LedgerTails tails = new LedgerTails();
    private final Placements placements = new Placements();
    private final ConclusionIds conclusions = new ConclusionIds();
    private Settled settled = new Settled();
    private long lines;
    private long linesSinceCheckpoint;

    private HonchoLedger(Path memoryDir, Clock clock) {
        this.file = memoryDir.resolve(FILE_NAME);
        this.checkpointFile = memoryDir.resolve(CHECKPOINT_NAME);
        this.clock = clock;
    }

    /** Reads the ledger in {@code memoryDir} through (none yet: empty). Creates nothing. */
    public static HonchoLedger open(Path memoryDir, Clock clock) throws IOException {
        HonchoLedger ledger = new HonchoLedger(memoryDir, clock);
        ledger.readThrough();
        return ledger;
    }

    /**
     * Records where {@code item} goes ({@code workspace} empty: nowhere) and why. False, and nothing
     * written, when it is decided already: a decision is never changed.
     */
    public synchronized boolean decided(LedgerItem item, Optional<String> workspace, String why) throws IOException {
        if (isDecided(item)) {
            return false;
        }
        append(LedgerLine.of(LedgerLine.DECIDED, now(), item, workspace.orElse(null)).withWhy(why));
        return true;
    }

    /** Records that {@code item} reached its workspace, with Honcho's ids of what it made. */
    public synchronized void sent(LedgerItem item, List<String> honchoIds) throws IOException {
        LedgerLine decision = waiting(item);
        append(LedgerLine.of(LedgerLine.SENT, now(), item, decision.workspace()).withIds(honchoIds));
    }

    /**
     * {@link #sent}, its line written but not yet flushed to the disk: it outlives this process (a
     * SIGKILL) but not a power loss until {@link #flush}. For the worker, which flushes every few items
     * and looks in Honcho for what a lost line had recorded, so one fsync serves many items.
     */
    public void sentUnflushed(LedgerItem item, List<String> honchoIds) throws IOException {
        sentUnflushed(item, honchoIds, Map.of());
    }

    /** {@link #sentUnflushed}, with per conclusion the edit created its {@link #conclusionKey} and Honcho's id. */
    public synchronized void sentUnflushed(LedgerItem item, List<String> honchoIds, Map<String, String> created)
            throws IOException {
        LedgerLine decision = waiting(item);
        append(LedgerLine.of(LedgerLine.SENT, now(), item, decision.workspace()).withIds(honchoIds)
                .withConclusions(created), false);
    }

    /** The key a {@code sent} line records a conclusion by: a digest of {@code peer} and the exact {@code content}. */
    public static String conclusionKey(String peer, String content) {
        return ConclusionIds.key(peer, content);
    }

    /** The id a {@code sent} line recorded last for {@code key} and no later one deleted; empty: no such line. */
    public synchronized Optional<String> conclusion(String key) {
        return conclusions.latest(key);
    }

    /**
     * {@link #sentUnflushed} for several items at once, {@code ids.get(i)} for {@code items.get(i)}:
     * their lines in order in one append, so a batch costs one write. A stop mid-append leaves the
     * first lines whole and the last one cut, which the next open drops.
     */
    public synchronized void sentUnflushed(List<LedgerItem> items, List<List<String>> ids) throws IOException {
        if (items.size() != ids.size()) {
            throw new IllegalArgumentException("one list of ids per item");
        }
        List<LedgerLine> batch = new ArrayList<>(items.size());
        StringBuilder text = new StringBuilder();
        for (int i = 0; i < items.size(); i++) {
            LedgerLine decision = waiting(items.get(i));
            LedgerLine line = LedgerLine.of(LedgerLine.SENT, now(), items.get(i), decision.workspace()).withIds(ids.get(i));
            batch.add(line);
            text.append(WRITER.writeValueAsString(line)).append('\n');
        }
        Durable.appendUnflushed(file, text.toString());
        for (LedgerLine line : batch) {
            applyAppended(line);
        }
    }

    /**
     * Flushes every line written so far to the disk. Not under the ledger's lock: an fsync of lines
     * written needs none (the file is only ever appended to), and lines go on being written meanwhile.
     */
    public void flush() throws IOException {
        if (Files.exists(file)) {
            Durable.flush(file);
        }
    }

    /** Records that Honcho refused {@code item} ({@code status} 0 for none); it is passed over. */
    public synchronized void failed(LedgerItem item, int status, String kind) throws IOException {
        LedgerLine decision = waiting(item);
        append(LedgerLine.of(LedgerLine.FAILED, now(), item, decision.workspace()).withStatus(status, kind));
    }

    /**
     * Writes the {@code began} line, flushed, when the ledger has no file yet: its time is {@link #since}.
     * For memoryd with {@code [honcho]} at start; a ledger that has a file is left as it is.
     */
    public synchronized void begin() throws IOException {
        if (!Files.exists(file)) {
            String time = now();
            Durable.append(file, "{\"event\":\"" + LedgerLine.BEGAN + "\",\"time\":\"" + time + "\"}\n");
            tails.began(time);
            lines++;
            linesSinceCheckpoint++;
        }
    }

    /** Since when memoryd syncs: the start-up scan never decides a turn said before it. Empty: no line yet. */
    public synchronized Optional<java.time.Instant> since() {
        return tails.since();
    }

    /** Keeps where the next start reads {@code session}'s log from, for the checkpoint. */
    public synchronized void tail(String session, TailMark mark) {
        tails.put(session, mark);
    }

    /** Where {@code session}'s log is read from, as the checkpoint and {@link #tail} left it; empty: its start. */
    public synchronized Optional<TailMark> tail(String session) {
        return tails.mark(session);
    }

    /** Per session, where the next start reads its log from, as the checkpoint and {@link #tail} left it. */
    public synchronized Map<String, TailMark> tails() {
        return tails.marks();
    }

    /** Whether {@code item} has a decision, waiting or settled. */
    public synchronized boolean isDecided(LedgerItem item) {
        return pending.containsKey(item.key()) || settled.contains(item);
    }

    /** The outbox: the decisions for a workspace neither sent nor failed, oldest first. */
    public synchronized List<Waiting> outbox() {
        List<Waiting> out = new ArrayList<>(pending.size());
        pending.values().forEach(l -> out.add(new Waiting(l.item(), l.workspace(), l.why(), l.time())));
        return out;
    }

    /** The count of items sent, per workspace. */
    public synchronized Map<String, Long> sentCounts() {
        return Map.copyOf(sent);
    }

    /** The count of items decided for nowhere, per reason ({@code "null"} for a line without one). */
    public synchronized Map<String, Long> nowhereCounts() {
        return Map.copyOf(nowhere);
    }

    /** Every {@code failed} line, oldest first. */
    public synchronized List<LedgerLine> failures() {
        return List.copyOf(failed);
    }

    /** The lines the ledger holds. */
    public synchronized long lines() {
        return lines;
    }

    /**
     * Records, flushed to the disk, that the Honcho session {@code honcho} holds (or is about to hold)
     * what {@code session} sends to {@code workspace}, with {@code peers} as its members, {@code purpose}
     * {@link LedgerLine#FOR_TURNS} or {@link LedgerLine#FOR_STAMP}. Written before the first request
     * that makes or writes to it, and again before a peer is added; so a look-up after a crash reads
     * exactly the Honcho sessions placed, and numbering goes on after a restart where it was.
     */
    public synchronized void placed(String workspace, String session, String honcho, List<String> peers,
            String purpose) throws IOException {
        append(LedgerLine.placed(now(), workspace, session, honcho, peers, purpose));
    }

    /** The Honcho sessions placed for {@code session} in {@code workspace}, in the order first placed. */
    public synchronized List<Place> places(String workspace, String session) {
        return placements.of(workspace, session);
    }

    /** A Honcho session placed: its name, peers, purpose, and whether a turn sent after its line shows it made. */
    public record Place(String honcho, List<String> peers, String purpose, boolean made) {
    }

    /** One item of the outbox. */
    public record Waiting(LedgerItem item, String workspace, String why, String decidedAt) {
    }

    private LedgerLine waiting(LedgerItem item) {
        LedgerLine decision = pending.get(item.key());
        if (decision == null) {
            throw new IllegalStateException("the ledger has no waiting decision for " + item.key());
        }
        return decision;
    }

    private void append(LedgerLine line) throws IOException {
        append(line, true);
    }

    private void append(LedgerLine line, boolean flushed) throws IOException {
        if (flushed) {
            Durable.append(file, WRITER.writeValueAsString(line) + "\n");
        } else {
            Durable.appendUnflushed(file, WRITER.writeValueAsString(line) + "\n");
        }
        applyAppended(line);
    }

    /** Applies a line just appended, counts it, and writes a checkpoint when one is due. */
    private void applyAppended(LedgerLine line) throws IOException {
        tails.line(line.time());
        apply(line);
        lines++;
        if (++linesSinceCheckpoint >= CHECKPOINT_EVERY_LINES) {
            checkpoint();
        }
    }

    private void apply(LedgerLine line) {
        switch (line.event()) {
            case LedgerLine.PLACED -> placements.apply(line);
            default -> applyItem(line);
        }
    }

    private void applyItem(LedgerLine line) {
        LedgerItem item = line.item();
        String key = item.key();
        switch (line.event()) {
            case LedgerLine.DECIDED -> {
                if (!pending.containsKey(key) && !settled.contains(item)) {
                    if (line.workspace() == null) {
                        settled.add(item);
                        nowhere.merge(String.valueOf(line.why()), 1L, Long::sum);
                    } else {
                        pending.put(key, line);
                    }
                }
            }
            case LedgerLine.SENT -> {
                if (pending.remove(key) != null) {
                    settled.add(item);
                    placements.apply(line);
                    sent.merge(line.workspace(), 1L, Long::sum);
                    if (item instanceof LedgerItem.Edit) {
                        conclusions.apply(line);
                    }
                }
            }
            case LedgerLine.FAILED -> {
                if (pending.remove(key) != null) {
                    settled.add(item);
                    failed.add(line);
                }
            }
            default -> throw new IllegalArgumentException("unknown event");
        }
    }

    private void readThrough() throws IOException {
        if (!Files.exists(file)) {
            return;
        }
        Durable.dropUnfinishedLine(file);
        long size = Files.size(file);
        long from = 0;
        Optional<LedgerCheckpoint> checkpoint = LedgerCheckpoint.read(checkpointFile, file, size);
        if (checkpoint.isPresent()) {
            LedgerCheckpoint c = checkpoint.get();
            settled = Settled.fromRanges(c.settled());
            c.pending().forEach(l -> pending.put(l.item().key(), l));
            failed.addAll(c.failed());
            sent.putAll(c.sent());
            nowhere.putAll(c.nowhere());
            c.placed().forEach(placements::apply);
            conclusions.restore(c.conclusions());
            lines = c.lines();
            from = c.offset();
            tails.restore(c.since(), c.tails());
        }
        long skipped = 0;
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ)) {
            ch.position(from);
            BufferedReader in = new BufferedReader(new InputStreamReader(Channels.newInputStream(ch),
                    StandardCharsets.UTF_8), 1 << 16);
            for (String text = in.readLine(); text != null; text = in.readLine()) {
                lines++;
                linesSinceCheckpoint++;
                if (!readLine(text)) {
                    skipped++;
                }
            }
        }
        if (skipped > 0) {
            LOG.warn(HonchoConfigSentences.ledgerLinesSkipped(file, skipped));
        }
        if (linesSinceCheckpoint >= CHECKPOINT_EVERY_LINES) {
            checkpoint();
        }
    }

    /** Applies one line read back; false for a line that is not a ledger line (left as it is). */
    private boolean readLine(String text) {
        try {
            LedgerLine line = READER.readValue(text);
            if (line != null && LedgerLine.BEGAN.equals(line.event()) && line.time() != null) {
                tails.began(line.time());
                return true;
            }
            if (line == null || line.event() == null
                    || line.item() == null && !LedgerLine.PLACED.equals(line.event())) {
                return false;
            }
            tails.line(line.time());
            apply(line);
            return true;
        } catch (IOException | IllegalArgumentException e) {
            return false;
        }
    }

    /** Writes what is settled and waiting up to the ledger's end, so the next start reads from there. */
    public synchronized void checkpoint() throws IOException {
        if (!Files.exists(file)) {
            return;
        }
        long size = Files.size(file);
        new LedgerCheckpoint(LedgerCheckpoint.VERSION, size, lines, LedgerCheckpoint.head(file, size),
                settled.toRanges(), List.copyOf(pending.values()), List.copyOf(failed), Map.copyOf(sent),
                Map.copyOf(nowhere), tails.sinceText(), tails.marks(), placements.lines(),
                conclusions.snapshot())
                .write(checkpointFile);
        linesSinceCheckpoint = 0;
    }

    private String now() {
        return clock.instant().truncatedTo(java.time.temporal.ChronoUnit.SECONDS).toString();
    }
}
