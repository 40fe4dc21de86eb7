package dev.boxmaker.loopd.tools;

import com.fasterxml.jackson.databind.node.ArrayNode;
import dev.boxmaker.proto.Json;
import dev.boxmaker.proto.tools.ToolContract;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;

/**
 * The {@code tools} array of every session (loopd.md, "Core tools"), kept in {@code core-tools.json}
 * beside this class so the schemas read as the model reads them. Their text counts toward the
 * baseline budget, so every word in them is weighed against the 3,000 tokens. The file's bytes are
 * part of every saved baseline, so it is not generated: a test holds its names and limits equal to
 * common-proto's tool contract ({@link ToolContract}).
 */
public final class CoreTools {
    public static final String CLOCK = ToolContract.CLOCK;
    public static final String RECALL = ToolContract.RECALL;
    public static final String MEMORY = ToolContract.MEMORY;
    public static final String FIND_TOOL = ToolContract.FIND_TOOL;
    public static final String CALL_TOOL = ToolContract.CALL_TOOL;
    public static final String ASK_MEMORY = ToolContract.ASK_MEMORY;

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
