package dev.boxmaker.proto.wire.msg;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;

/**
 * An owner's command to brokerd. Kind {@code broker_admin} (wire.md). {@code format}, absent unless
 * set, is {@link #JSON} when the owner asked for {@code --json}: the reply's text is then one JSON
 * document with the answer's fields (bxctl's README lists them), not the human text.
 */
public record BrokerAdmin(
        @JsonProperty(value = "command", required = true) String command,
        @JsonProperty(value = "arg", required = true) String arg,
        @JsonProperty("format") @JsonInclude(JsonInclude.Include.NON_NULL) String format) implements Message {
    public static final String KIND = "broker_admin";

    /** The one {@code format} a daemon reads: the answer as a JSON document. */
    public static final String JSON = "json";

    public BrokerAdmin {
        Fields.require(command, "command");
        Fields.require(arg, "arg");
    }

    /** A command for the human text (no {@code format}). */
    public BrokerAdmin(String command, String arg) {
        this(command, arg, null);
    }

    /** Whether the answer is asked for as a JSON document. */
    public boolean json() {
        return JSON.equals(format);
    }

    @Override
    public String kind() {
        return KIND;
    }
}
