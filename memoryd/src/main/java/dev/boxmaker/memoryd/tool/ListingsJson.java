package dev.boxmaker.memoryd.tool;

import com.fasterxml.jackson.core.JsonGenerator;
import dev.boxmaker.memoryd.edits.Edit;
import dev.boxmaker.memoryd.edits.PendingWrite;
import dev.boxmaker.memoryd.files.IdentityFile;
import dev.boxmaker.proto.Json;
import dev.boxmaker.proto.owner.OwnerJson;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * The owner's listings for {@code memory_admin} with {@code format} json ({@code bxctl memory log|pending
 * --json}): each edit and each waiting write as its fields, the entries raw (bxctl's README lists them).
 * A listing is cut as {@link Listings#log} cuts its text: past {@link Listings#LOG_TEXT_CHARS_MAX}
 * characters of JSON the older edits are left out and {@code cut} is true, so one answer fits a frame;
 * {@code bxctl memory log --all} asks on from the last edit given.
 */
final class ListingsJson {
    /** The one {@code state} of a write the pending listing shows: not yet accepted or rejected. */
    static final String WAITING = "waiting";

    private ListingsJson() {
    }

    /** {@code {"edits": [newest first], "cut": bool}}. */
    static String log(List<Edit> oldestFirst) {
        return log(oldestFirst, Listings.LOG_TEXT_CHARS_MAX);
    }

    /** {@link #log(List)} within {@code charsMax} characters: the newest edit always, then each that fits whole. */
    static String log(List<Edit> oldestFirst, int charsMax) {
        List<String> shown = new ArrayList<>();
        long chars = 0;
        boolean cut = false;
        for (int i = oldestFirst.size() - 1; i >= 0; i--) {
            Edit e = oldestFirst.get(i);
            String one = OwnerJson.document(g -> edit(g, e));
            if (!shown.isEmpty() && chars + one.length() > charsMax) {
                cut = true;
                break;
            }
            shown.add(one);
            chars += one.length() + 1;
        }
        boolean wasCut = cut;
        return OwnerJson.document(g -> {
            g.writeStartObject();
            g.writeArrayFieldStart("edits");
            for (String one : shown) {
                g.writeRawValue(one);
            }
            g.writeEndArray();
            g.writeBooleanField("cut", wasCut);
            g.writeEndObject();
        });
    }

    private static void edit(JsonGenerator g, Edit e) throws IOException {
        g.writeStartObject();
        g.writeStringField("id", e.id());
        g.writeStringField("time", e.time());
        g.writeStringField("session", e.session());
        g.writeStringField("call", e.call());
        turn(g, e.turn());
        g.writeStringField("action", e.action());
        g.writeStringField("file", e.file());
        g.writeStringField("to", e.to());
        OwnerJson.texts(g, "old", e.before().stream().filter(entry -> !e.after().contains(entry)).toList());
        OwnerJson.texts(g, "new", e.after().stream().filter(entry -> !e.before().contains(entry)).toList());
        OwnerJson.texts(g, "moved", e.moved());
        OwnerJson.texts(g, "dropped", e.dropped());
        g.writeStringField("class", e.dataClass());
        g.writeBooleanField("untrusted", e.untrusted());
        g.writeStringField("undoes", e.undoes());
        g.writeStringField("pending", e.pending());
        g.writeEndObject();
    }

    /** The session's turn the call came in, or null (the owner's own edits, or not known). */
    private static void turn(JsonGenerator g, Long turn) throws IOException {
        if (turn == null) {
            g.writeNullField("turn");
        } else {
            g.writeNumberField("turn", turn);
        }
    }

    /** {@code {"pending": [oldest first]}}: each write waiting for review, what it would do, and its arguments whole. */
    static String pending(List<PendingWrite> waiting) {
        return OwnerJson.document(g -> {
            g.writeStartObject();
            g.writeArrayFieldStart("pending");
            for (PendingWrite w : waiting) {
                pending(g, w);
            }
            g.writeEndArray();
            g.writeEndObject();
        });
    }

    private static void pending(JsonGenerator g, PendingWrite w) throws IOException {
        g.writeStartObject();
        g.writeStringField("id", w.id());
        g.writeStringField("time", w.time());
        g.writeStringField("session", w.session());
        g.writeStringField("call", w.call());
        turn(g, w.turn());
        g.writeStringField("state", WAITING);
        try {
            Request r = RequestParser.parse(w.request());
            IdentityFile file = Request.fileOf(r);
            g.writeStringField("action", r.action());
            g.writeStringField("file", file == null ? null : file.arg());
            List<String> old = new ArrayList<>();
            List<String> added = new ArrayList<>();
            entries(r, old, added);
            OwnerJson.texts(g, "old", old);
            OwnerJson.texts(g, "new", added);
            g.writeStringField("problem", null);
        } catch (Refused refused) {
            g.writeStringField("action", null);
            g.writeStringField("file", null);
            OwnerJson.texts(g, "old", List.of());
            OwnerJson.texts(g, "new", List.of());
            g.writeStringField("problem", refused.sentence());
        }
        g.writeStringField("class", w.taint().wire());
        g.writeBooleanField("untrusted", w.untrusted());
        g.writeFieldName("request");
        g.writeRawValue(Json.MAPPER.writeValueAsString(w.request()));
        g.writeEndObject();
    }

    /** The entries the write would take out ({@code old}) and put in ({@code added}), as the text listing shows them. */
    private static void entries(Request r, List<String> old, List<String> added) {
        if (r instanceof Request.Add a) {
            added.add(a.text());
        } else if (r instanceof Request.Replace p) {
            old.add(p.old());
            added.add(p.text());
        } else if (r instanceof Request.Remove m) {
            old.add(m.old());
        } else if (r instanceof Request.Note n) {
            added.add(n.text());
        } else if (r instanceof Request.Consolidate c) {
            for (Request.Item item : c.items()) {
                switch (item.choice()) {
                    case KEEP -> { }
                    case REWRITE -> {
                        old.add(item.old());
                        added.add(item.text());
                    }
                    case MOVE, DROP -> old.add(item.old());
                    case NEW -> added.add(item.text());
                }
            }
        }
    }
}
