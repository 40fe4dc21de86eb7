package dev.boxmaker.loopd.baseline;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import com.fasterxml.jackson.databind.node.ArrayNode;
import dev.boxmaker.proto.SessionId;
import java.util.Objects;

/**
 * {@code sessions/<id>/0.baseline.json} (home.md): written once, before the first turn, and never
 * changed. {@code system} is system.md, a blank line, and the memory block; every prompt of the
 * session starts with it, read back from the file, so a restart cannot change it.
 *
 * @param created the time as a log writes it, {@code 2026-09-20T14:02:11Z}
 * @param tools   the OpenAI tool schemas sent with every request of the session
 */
@JsonPropertyOrder({"session", "created", "system", "tools", "model"})
public record Baseline(
        @JsonProperty(value = "session", required = true) SessionId session,
        @JsonProperty(value = "created", required = true) String created,
        @JsonProperty(value = "system", required = true) String system,
        @JsonProperty(value = "tools", required = true) ArrayNode tools,
        @JsonProperty(value = "model", required = true) String model) {
    public static final String FILE = "0.baseline.json";

    public Baseline {
        Objects.requireNonNull(session, "session");
        Objects.requireNonNull(created, "created");
        Objects.requireNonNull(system, "system");
        Objects.requireNonNull(tools, "tools");
        Objects.requireNonNull(model, "model");
    }

    /** system.md, a blank line, then the block (the M5a spec, section 9). */
    public static String assemble(String systemMd, String block) {
        return stripTrailingNewlines(systemMd) + "\n\n" + block;
    }

    private static String stripTrailingNewlines(String text) {
        int end = text.length();
        while (end > 0 && text.charAt(end - 1) == '\n') {
            end--;
        }
        return text.substring(0, end);
    }
}
