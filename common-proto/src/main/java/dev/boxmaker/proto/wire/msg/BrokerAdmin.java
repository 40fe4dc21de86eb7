package dev.boxmaker.proto.wire.msg;

import com.fasterxml.jackson.annotation.JsonProperty;

/** An owner's command to brokerd. Kind {@code broker_admin} (wire.md). */
public record BrokerAdmin(
        @JsonProperty(value = "command", required = true) String command,
        @JsonProperty(value = "arg", required = true) String arg) implements Message {
    public static final String KIND = "broker_admin";

    public BrokerAdmin {
        Fields.require(command, "command");
        Fields.require(arg, "arg");
    }

    @Override
    public String kind() {
        return KIND;
    }
}
