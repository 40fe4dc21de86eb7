package dev.boxmaker.proto.wire;

import static dev.boxmaker.proto.wire.WireSamples.envelope;
import static dev.boxmaker.proto.wire.WireSamples.roundTrip;
import static dev.boxmaker.proto.wire.WireSamples.sample;
import static org.assertj.core.api.Assertions.assertThat;

import dev.boxmaker.proto.DataClass;
import dev.boxmaker.proto.SessionId;
import dev.boxmaker.proto.wire.msg.BrokerAdmin;
import dev.boxmaker.proto.wire.msg.BrokerAdminReply;
import dev.boxmaker.proto.wire.msg.Outcome;
import dev.boxmaker.proto.wire.msg.SessionState;
import dev.boxmaker.proto.wire.msg.SessionStateReply;
import dev.boxmaker.proto.wire.msg.ToolRequest;
import dev.boxmaker.proto.wire.msg.ToolResponse;
import org.junit.jupiter.api.Test;

/** The kinds brokerd serves, each decoded from and encoded to a literal envelope (wire.md). */
class BrokerKindsTest {
    @Test
    void toolRequestCarriesTheModelsCallAndItsArguments() {
        ToolRequest m = sample("tool_request", ToolRequest.class);
        assertThat(m.session()).isEqualTo(SessionId.of("mm-y73sxj3popgwumyccptb56p1ah"));
        assertThat(m.call()).isEqualTo("call_9");
        assertThat(m.tool()).isEqualTo("read_file");
        assertThat(m.args().get("path").textValue()).isEqualTo("/srv/notes/q3.txt");
        assertThat(m.args().get("lines").get(1).intValue()).isEqualTo(2);
    }

    @Test
    void toolResponseWithoutAGrant() {
        assertThat(sample("tool_response", ToolResponse.class)).isEqualTo(
                new ToolResponse("call_9", Outcome.DENIED, "not allowed", DataClass.PUBLIC, false, null));
    }

    @Test
    void toolResponseWithAGrant() {
        String json = envelope("tool_response", "{\"call\":\"call_2\",\"outcome\":\"ok\",\"text\":\"42 lines\","
                + "\"class\":\"secret\",\"untrusted\":true,\"grant\":\"read-notes\"}");
        assertThat(roundTrip(json)).isEqualTo(
                new ToolResponse("call_2", Outcome.OK, "42 lines", DataClass.SECRET, true, "read-notes"));
    }

    @Test
    void toolResponseKnowsEveryOutcome() {
        for (Outcome outcome : Outcome.values()) {
            String json = envelope("tool_response", "{\"call\":\"c\",\"outcome\":\"" + outcome.wire()
                    + "\",\"text\":\"\",\"class\":\"private\",\"untrusted\":false,\"grant\":null}");
            assertThat(((ToolResponse) roundTrip(json)).outcome()).isEqualTo(outcome);
        }
    }

    @Test
    void brokerAdminCarriesCommandAndArg() {
        assertThat(sample("broker_admin", BrokerAdmin.class)).isEqualTo(new BrokerAdmin("approve", "a-3"));
    }

    @Test
    void brokerAdminReplyCarriesTheText() {
        assertThat(sample("broker_admin_reply", BrokerAdminReply.class).text()).isEqualTo("approved a-3");
    }

    @Test
    void sessionStateNamesTheSession() {
        assertThat(sample("session_state", SessionState.class).session())
                .isEqualTo(SessionId.of("chat-20260920t140211-3f9a"));
    }

    @Test
    void sessionStateReplyCarriesTheLabel() {
        assertThat(sample("session_state_reply", SessionStateReply.class))
                .isEqualTo(new SessionStateReply(DataClass.PRIVATE, true));
    }
}
