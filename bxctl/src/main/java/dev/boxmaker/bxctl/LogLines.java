package dev.boxmaker.bxctl;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import dev.boxmaker.proto.client.Wait;
import dev.boxmaker.proto.wire.LightJson;
import dev.boxmaker.proto.wire.msg.MemoryAdminReply;
import java.io.IOException;
import java.io.StringWriter;
import java.time.Duration;

/**
 * {@code bxctl memory log --all --json}: every edit as one JSON object a line (JSON Lines), newest
 * first, asked of memoryd a page of {@link LogPages#LOG_PAGE_EDITS} at a time as {@code --all} does
 * ({@code log "200 before ID"} with {@code format} json). Each page's document
 * ({@code {"edits": […], "cut": bool}}) is read with jackson-core's parser and its edits written out one
 * by one, so no more than a page is held: a log of 100,000 edits prints in a page's memory.
 */
final class LogLines {
    private LogLines() {
    }

    /** A page as it was printed: how many edits, the oldest's id, and whether memoryd cut it to fit. */
    private record Page(int edits, String last, boolean cut) {
    }

    static int all(MemoryCommand memory, String before) {
        Bxctl top = memory.top;
        String[] last = {before};
        Page[] page = new Page[1];
        while (true) {
            String arg = LogPages.LOG_PAGE_EDITS + (last[0] == null ? "" : " before " + last[0]);
            int code = DaemonCall.runShown(top, top.memorySocket(), memory.request("log", arg),
                    Duration.ofSeconds(Wait.MEMORY_ADMIN_SECONDS), MemoryCommand.RUNBOOK, MemoryAdminReply.class, reply -> {
                        try {
                            page[0] = lines(top, reply.text());
                        } catch (IOException e) {
                            return DaemonCall.failed(top, BxctlSentences.notJson(), null, Exit.REFUSED);
                        }
                        return Exit.DONE;
                    });
            if (code != Exit.DONE) {
                return code;
            }
            if (page[0].last() != null) {
                last[0] = page[0].last();
            }
            if (page[0].edits() < LogPages.LOG_PAGE_EDITS && !(page[0].cut() && page[0].edits() > 0)) {
                return Exit.DONE;
            }
        }
    }

    /** Prints each edit of the page's {@code document} on a line of its own. */
    private static Page lines(Bxctl top, String document) throws IOException {
        int edits = 0;
        String last = null;
        boolean cut = false;
        try (JsonParser p = LightJson.FACTORY.createParser(document)) {
            if (p.nextToken() != JsonToken.START_OBJECT) {
                throw new IOException("not an object");
            }
            while (p.nextToken() == JsonToken.FIELD_NAME) {
                String name = p.currentName();
                JsonToken value = p.nextToken();
                if (name.equals("cut")) {
                    cut = value == JsonToken.VALUE_TRUE;
                } else if (name.equals("edits") && value == JsonToken.START_ARRAY) {
                    while (p.nextToken() == JsonToken.START_OBJECT) {
                        last = line(top, p);
                        edits++;
                    }
                } else {
                    p.skipChildren();
                }
            }
        }
        top.out().flush();
        return new Page(edits, last, cut);
    }

    /** Copies the edit the parser is at onto one line; its {@code id}. */
    private static String line(Bxctl top, JsonParser p) throws IOException {
        StringWriter one = new StringWriter();
        String id = null;
        try (JsonGenerator g = LightJson.FACTORY.createGenerator(one)) {
            g.writeStartObject();
            while (p.nextToken() == JsonToken.FIELD_NAME) {
                String name = p.currentName();
                p.nextToken();
                if (name.equals("id") && p.currentToken() == JsonToken.VALUE_STRING) {
                    id = p.getText();
                }
                g.writeFieldName(name);
                g.copyCurrentStructure(p);
            }
            g.writeEndObject();
        }
        JsonOut.print(top.out(), one.toString());
        return id;
    }
}
