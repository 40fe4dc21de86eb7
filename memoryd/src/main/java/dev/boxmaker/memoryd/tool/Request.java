package dev.boxmaker.memoryd.tool;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.boxmaker.memoryd.files.IdentityFile;
import dev.boxmaker.proto.Json;
import java.util.List;
import java.util.Objects;

/** A memory tool call's arguments once their shape is known good (the spec, section 5). */
public sealed interface Request {
    /** The action word, as journalled. */
    String action();

    /** The arguments as JSON, as a pending write keeps them. */
    ObjectNode toArgs();

    record Add(IdentityFile file, String text) implements Request {
        public String action() {
            return "add";
        }

        public ObjectNode toArgs() {
            return base(action(), file).put("text", text);
        }
    }

    record Replace(IdentityFile file, String old, String text) implements Request {
        public String action() {
            return "replace";
        }

        public ObjectNode toArgs() {
            return base(action(), file).put("old", old).put("text", text);
        }
    }

    record Remove(IdentityFile file, String old) implements Request {
        public String action() {
            return "remove";
        }

        public ObjectNode toArgs() {
            return base(action(), file).put("old", old);
        }
    }

    record Note(String text) implements Request {
        public String action() {
            return "note";
        }

        public ObjectNode toArgs() {
            return Json.MAPPER.createObjectNode().put("action", action()).put("text", text);
        }
    }

    record Consolidate(IdentityFile file, List<Item> items) implements Request {
        public Consolidate {
            items = List.copyOf(items);
        }

        public String action() {
            return "consolidate";
        }

        public ObjectNode toArgs() {
            ObjectNode args = base(action(), file);
            ArrayNode entries = args.putArray("entries");
            for (Item item : items) {
                ObjectNode e = entries.addObject();
                if (item.old() != null) {
                    e.put("old", item.old());
                }
                switch (item.choice()) {
                    case KEEP -> e.put("keep", true);
                    case MOVE -> e.put("move", true);
                    case DROP -> e.put("drop", true);
                    case REWRITE, NEW -> e.put("text", item.text());
                }
            }
            return args;
        }
    }

    /** What consolidate does with one entry; NEW is an item with only {@code text}. */
    enum Choice { KEEP, REWRITE, MOVE, DROP, NEW }

    /** One item of consolidate: {@code old} is null only for NEW; {@code text} only for REWRITE and NEW. */
    record Item(String old, Choice choice, String text) {
        public Item {
            Objects.requireNonNull(choice, "choice");
        }

        public static Item keep(String old) {
            return new Item(old, Choice.KEEP, null);
        }

        public static Item rewrite(String old, String text) {
            return new Item(old, Choice.REWRITE, text);
        }

        public static Item move(String old) {
            return new Item(old, Choice.MOVE, null);
        }

        public static Item drop(String old) {
            return new Item(old, Choice.DROP, null);
        }

        public static Item added(String text) {
            return new Item(null, Choice.NEW, text);
        }
    }

    private static ObjectNode base(String action, IdentityFile file) {
        return Json.MAPPER.createObjectNode().put("action", action).put("file", file.arg());
    }

    /** The file an identity request names; null for a note. (Java 17: no pattern switch.) */
    static IdentityFile fileOf(Request r) {
        if (r instanceof Add a) {
            return a.file();
        }
        if (r instanceof Replace p) {
            return p.file();
        }
        if (r instanceof Remove m) {
            return m.file();
        }
        if (r instanceof Consolidate c) {
            return c.file();
        }
        return null;
    }
}
