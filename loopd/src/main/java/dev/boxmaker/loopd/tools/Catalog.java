package dev.boxmaker.loopd.tools;

import com.fasterxml.jackson.databind.JsonNode;
import dev.boxmaker.loopd.sentences.Sentences;
import dev.boxmaker.proto.Json;
import dev.boxmaker.proto.wire.msg.Outcome;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;

/**
 * {@code find_tool}: the catalog is a folder ({@code [tools] catalog}) of {@code *.json} files, each
 * {@code {"name", "description", "parameters"}}. Read on every search, so the owner's edits show at
 * once; a missing folder is an empty catalog. Ranking counts query words found in the name and
 * description: enough for a catalog of tens of tools.
 */
public final class Catalog {
    /** The most tools one search answers. */
    public static final int HITS_MAX = 5;
    /** The longest query. */
    public static final int QUERY_CHARS_MAX = 200;
    /** The most catalog files read; past it the rest are ignored. */
    public static final int FILES_MAX = 1_000;
    /** The largest catalog file read. */
    public static final long FILE_BYTES_MAX = 64 * 1024;

    private final Path dir;

    public Catalog(Path dir) {
        this.dir = dir;
    }

    record Entry(String name, String description, JsonNode parameters) {
    }

    /** The answer to {@code find_tool} with these arguments. */
    public ToolResult find(JsonNode args) {
        JsonNode q = args.get("query");
        if (q == null || !q.isTextual() || q.textValue().isEmpty()
                || q.textValue().codePointCount(0, q.textValue().length()) > QUERY_CHARS_MAX) {
            return ToolResult.local(Outcome.FAILED, Sentences.findToolQuery(QUERY_CHARS_MAX));
        }
        String query = q.textValue();
        List<Entry> entries;
        try {
            entries = entries();
        } catch (IOException e) {
            return ToolResult.local(Outcome.FAILED, Sentences.catalogUnreadable());
        }
        List<String> words = List.of(query.toLowerCase(Locale.ROOT).split("[^\\p{L}\\p{N}]+"));
        List<Entry> hits = entries.stream()
                .filter(e -> score(e, words) > 0)
                .sorted(Comparator.comparingInt((Entry e) -> -score(e, words)).thenComparing(Entry::name))
                .limit(HITS_MAX).toList();
        if (hits.isEmpty()) {
            return ToolResult.local(Outcome.OK, Sentences.noToolsMatch(query));
        }
        StringBuilder out = new StringBuilder();
        for (Entry e : hits) {
            out.append(out.isEmpty() ? "" : "\n\n").append(e.name()).append(": ").append(e.description())
                    .append("\narguments: ").append(e.parameters().toString());
        }
        // The catalog is the owner's own text, so it is trusted; it holds nothing private.
        return ToolResult.local(Outcome.OK, out.toString());
    }

    private static int score(Entry e, List<String> words) {
        String hay = (e.name() + " " + e.description()).toLowerCase(Locale.ROOT);
        int n = 0;
        for (String w : words) {
            if (!w.isEmpty() && hay.contains(w)) {
                n++;
            }
        }
        return n;
    }

    List<Entry> entries() throws IOException {
        if (!Files.isDirectory(dir)) {
            return List.of();
        }
        List<Entry> out = new ArrayList<>();
        try (Stream<Path> files = Files.list(dir)) {
            for (Path f : files.filter(p -> p.toString().endsWith(".json")).sorted().limit(FILES_MAX).toList()) {
                try {
                    // Inside the try: a link to a file that is gone fails here, and is one damaged description.
                    if (Files.size(f) > FILE_BYTES_MAX) {
                        continue;
                    }
                    JsonNode n = Json.MAPPER.readTree(f.toFile());
                    if (n.path("name").isTextual() && n.path("parameters").isObject()) {
                        out.add(new Entry(n.get("name").textValue(), n.path("description").asText(""), n.get("parameters")));
                    }
                } catch (IOException e) {
                    // One damaged description must not hide the others.
                }
            }
        }
        return out;
    }
}
