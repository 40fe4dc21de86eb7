package dev.boxmaker.loopd.tools;

import com.fasterxml.jackson.databind.node.ArrayNode;
import dev.boxmaker.proto.Json;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;

/**
 * The {@code tools} array of every session (loopd.md, "Core tools"), kept in {@code core-tools.json}
 * beside this class so the schemas read as the model reads them. Their text counts toward the
 * baseline budget, so every word in them is weighed against the 3,000 tokens.
 */
public final class CoreTools {
    public static final String CLOCK = "clock";
    public static final String RECALL = "recall";
    public static final String MEMORY = "memory";
    public static final String FIND_TOOL = "find_tool";
    public static final String CALL_TOOL = "call_tool";

    private static final String RESOURCE = "core-tools.json";

    private CoreTools() {
    }

    /** A fresh copy of the array; the caller may keep it in a baseline. */
    public static ArrayNode array() {
        try (InputStream in = CoreTools.class.getResourceAsStream(RESOURCE)) {
            if (in == null) {
                throw new IllegalStateException(RESOURCE + " is missing from loopd's jar");
            }
            return (ArrayNode) Json.MAPPER.readTree(in);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
