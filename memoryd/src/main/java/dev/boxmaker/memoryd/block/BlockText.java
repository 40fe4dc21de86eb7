package dev.boxmaker.memoryd.block;

import dev.boxmaker.proto.Numbers;
import java.util.List;

/**
 * The memory block's text, as the M5a spec (section 4) shows it: each file's heading, then its
 * content, files apart by a blank line; an empty file shows {@code (empty)}. Pure, so tests can
 * pin the bytes.
 */
public final class BlockText {
    /** Shown for a file with nothing in it. */
    public static final String EMPTY = "(empty)";

    /** The separator between entries, as in the files (memoryd.md). */
    public static final String ENTRY_SEPARATOR = "\n§\n";

    private BlockText() {
    }

    /** One entry file's part of the block. */
    public record Part(String name, List<String> entries, long chars, long charsMax) {
    }

    /**
     * The block: {@code soul} (the owner's text, trailing white space dropped), then each part with
     * its count, e.g. {@code # memory.md (1,474 of 2,200 characters)}. No final newline: the
     * baseline places the block last.
     */
    public static String render(String soul, List<Part> parts) {
        StringBuilder out = new StringBuilder(soul.length() + 4096);
        String soulText = soul.stripTrailing();
        out.append("# soul.md\n").append(soulText.isBlank() ? EMPTY : soulText);
        for (Part part : parts) {
            out.append("\n\n# ").append(part.name()).append(" (")
                    .append(Numbers.grouped(part.chars())).append(" of ")
                    .append(Numbers.grouped(part.charsMax())).append(" characters)\n");
            out.append(part.entries().isEmpty() ? EMPTY : String.join(ENTRY_SEPARATOR, part.entries()));
        }
        return out.toString();
    }
}
