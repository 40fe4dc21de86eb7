package dev.boxmaker.memoryd.recall;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.boxmaker.memoryd.files.Durable;
import dev.boxmaker.memoryd.index.IndexRow;
import dev.boxmaker.proto.Json;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.List;

/**
 * {@code memory/recalls/YYYY-MM.jsonl}: one line per recall, its hits' sources, and the queries that
 * found nothing (memoryd.md, "Recall"), so hit counts survive a reindex.
 */
public final class RecallLog {
    public static final String DIR = "recalls";

    private static final DateTimeFormatter MONTH = DateTimeFormatter.ofPattern("uuuu-MM").withZone(ZoneOffset.UTC);

    private final Path dir;

    public RecallLog(Path memoryDir) {
        this.dir = memoryDir.resolve(DIR);
    }

    /** Appends the line for one recall, flushed before the answer goes out. */
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
            if (IndexRow.NOTE.equals(hit.kind())) {
                h.put("kind", "note");
                h.put("header", hit.header());
            } else {
                h.put("kind", "session");
                h.put("session", hit.session());
                h.put("epoch", hit.epoch());
                h.put("record", hit.record());
            }
        }
        Durable.append(dir.resolve(MONTH.format(time) + ".jsonl"), Json.MAPPER.writeValueAsString(line) + "\n");
    }
}
