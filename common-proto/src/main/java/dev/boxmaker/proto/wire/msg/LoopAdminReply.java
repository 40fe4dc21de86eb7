package dev.boxmaker.proto.wire.msg;

import com.fasterxml.jackson.annotation.JsonProperty;

/** loopd's answer to an owner's command. Kind {@code loop_admin_reply} (wire.md). */
public record LoopAdminReply(
        @JsonProperty(value = "text", required = true) String text) implements Message {
    public static final String KIND = "loop_admin_reply";

    public LoopAdminReply {
        Fields.require(text, "text");
    }

    @Override
    public String kind() {
        return KIND;
    }
}
