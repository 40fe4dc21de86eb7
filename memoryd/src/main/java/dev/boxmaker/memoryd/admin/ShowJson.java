package dev.boxmaker.memoryd.admin;

import dev.boxmaker.memoryd.check.Check;
import dev.boxmaker.memoryd.files.Entries;
import dev.boxmaker.memoryd.files.IdentityFile;
import dev.boxmaker.memoryd.files.MemoryDir;
import dev.boxmaker.proto.owner.OwnerJson;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code bxctl memory show --json}: {@code {"text": block, "files": [{"name", "limit_chars", "used_chars",
 * "entries"}]}}, one per identity file in the block's order. {@code entries} are those the block shows
 * (an entry the check refuses is left out, as the block leaves it out); {@code used_chars} counts every
 * entry of the file, as its limit does. The files are read right after the block is built: an edit
 * between the two shows in {@code files} and not yet in {@code text}.
 */
final class ShowJson {
    private ShowJson() {
    }

    /** One file as the document lists it. */
    private record Shown(String name, long limitChars, long usedChars, List<String> entries) {
    }

    static String show(String block, MemoryDir dir) throws IOException {
        List<Shown> files = new ArrayList<>();
        for (IdentityFile file : IdentityFile.values()) {
            List<String> entries = dir.read(file);
            List<String> shown = entries.stream().filter(e -> Check.firstRefusal(e).isEmpty()).toList();
            files.add(new Shown(file.fileName(), file.charsMax(), Entries.chars(entries), shown));
        }
        return OwnerJson.document(g -> {
            g.writeStartObject();
            g.writeStringField("text", block);
            g.writeArrayFieldStart("files");
            for (Shown f : files) {
                g.writeStartObject();
                g.writeStringField("name", f.name());
                g.writeNumberField("limit_chars", f.limitChars());
                g.writeNumberField("used_chars", f.usedChars());
                OwnerJson.texts(g, "entries", f.entries());
                g.writeEndObject();
            }
            g.writeEndArray();
            g.writeEndObject();
        });
    }
}
