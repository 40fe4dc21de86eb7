package dev.boxmaker.proto.tools;

import java.util.List;
import java.util.Objects;

/** memory's arguments once their shape is known good (the M5a spec, section 5). */
public sealed interface MemoryRequest {
    record Note(String text) implements MemoryRequest {
    }

    record Add(ToolFile file, String text) implements MemoryRequest {
    }

    record Replace(ToolFile file, String old, String text) implements MemoryRequest {
    }

    record Remove(ToolFile file, String old) implements MemoryRequest {
    }

    record Consolidate(ToolFile file, List<Item> items) implements MemoryRequest {
        public Consolidate {
            items = List.copyOf(items);
        }
    }

    /** What consolidate does with one entry; NEW is an item with only {@code text}. */
    enum Choice { KEEP, REWRITE, MOVE, DROP, NEW }

    /** One item of consolidate: {@code old} is null only for NEW; {@code text} only for REWRITE and NEW. */
    record Item(String old, Choice choice, String text) {
        public Item {
            Objects.requireNonNull(choice, "choice");
        }
    }
}
