package dev.boxmaker.proto.wire.msg;

import com.fasterxml.jackson.annotation.JsonProperty;

/** brokerd's answer to an owner's command. Kind {@code broker_admin_reply} (wire.md). */
public record BrokerAdminReply(
        @JsonProperty(value = "text", required = true) String text) implements Message {
    public static final String KIND = "broker_admin_reply";

    public BrokerAdminReply {
        Fields.require(text, "text");
    }

    @Override
    public String kind() {
        return KIND;
    }
}
