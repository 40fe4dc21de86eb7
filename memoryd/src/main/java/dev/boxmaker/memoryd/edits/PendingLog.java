package dev.boxmaker.memoryd.edits;

import com.fasterxml.jackson.core.JsonProcessingException;
import dev.boxmaker.memoryd.files.Durable;
import dev.boxmaker.proto.Json;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

/**
 * {@code pending.jsonl}: append-only. A write stays in the file after it is accepted or rejected;
 * what resolved it is the journal line naming it ({@code pending} on an accept, a {@code reject}
 * line), so it is never applied twice, also after a restart.
 */
public final class PendingLog {
    private final Path path;
    private final Journal.Appender appender;

    public PendingLog(Path path) {
        this(path, Durable::append);
    }

    /** pending.jsonl, its appends going through {@code disk}. */
    public PendingLog(Path path, dev.boxmaker.memoryd.files.Disk disk) {
        this(path, disk::append);
    }

    public Path path() {
        return path;
    }

    PendingLog(Path path, Journal.Appender appender) {
        this.path = path;
        this.appender = appender;
    }

    public static String line(PendingWrite write) {
        try {
            return Json.MAPPER.writeValueAsString(write);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("a pending write cannot be written as JSON", e);
        }
    }

    public void append(PendingWrite write) throws IOException {
        Journal.appendOrCut(appender, path, line(write) + "\n");
    }

    /** Cuts an unfinished last line off the file, as {@link Journal#dropUnfinishedLines} does the journal's. */
    public void dropUnfinishedLine() throws IOException {
        Durable.dropUnfinishedLine(path);
    }

    public List<PendingWrite> readAll() throws IOException {
        return Journal.JsonLines.read(path, PendingWrite.class);
    }
}
