package dev.boxmaker.proto.wire;

import static dev.boxmaker.proto.wire.WireSamples.envelope;
import static dev.boxmaker.proto.wire.WireSamples.roundTrip;
import static dev.boxmaker.proto.wire.WireSamples.sample;
import static org.assertj.core.api.Assertions.assertThat;

import dev.boxmaker.proto.SessionId;
import dev.boxmaker.proto.wire.msg.ErrorReply;
import dev.boxmaker.proto.wire.msg.LoopAdmin;
import dev.boxmaker.proto.wire.msg.LoopAdminReply;
import dev.boxmaker.proto.wire.msg.Ok;
import dev.boxmaker.proto.wire.msg.Turn;
import dev.boxmaker.proto.wire.msg.TurnReply;
import org.junit.jupiter.api.Test;

/** The kinds loopd serves, and {@code ok} and {@code error}, each against a literal envelope (wire.md). */
class LoopKindsTest {
    private static final SessionId CHAT = SessionId.of("chat-20260920t140211-3f9a");

    @Test
    void turnWithASpeaker() {
        assertThat(sample("turn", Turn.class)).isEqualTo(new Turn(CHAT, "hello", "kyle"));
    }

    @Test
    void turnWithoutASpeakerWritesNull() {
        String json = envelope("turn", "{\"session\":\"chat-20260920t140211-3f9a\",\"text\":\"hello\",\"speaker\":null}");
        assertThat(roundTrip(json)).isEqualTo(new Turn(CHAT, "hello", null));
    }

    @Test
    void turnWithTheSpeakerLeftOutReadsAsNull() {
        byte[] json = envelope("turn", "{\"session\":\"chat-20260920t140211-3f9a\",\"text\":\"hi\"}").getBytes();
        assertThat(Envelope.decode(json)).isEqualTo(new Turn(CHAT, "hi", null));
    }

    @Test
    void turnReplyCarriesSessionTurnAndText() {
        assertThat(sample("turn_reply", TurnReply.class)).isEqualTo(new TurnReply(CHAT, 4, "Noted: Thursday."));
    }

    @Test
    void loopAdminCarriesCommandAndArg() {
        assertThat(sample("loop_admin", LoopAdmin.class)).isEqualTo(new LoopAdmin("show", CHAT.value()));
    }

    @Test
    void loopAdminReplyCarriesTheText() {
        assertThat(sample("loop_admin_reply", LoopAdminReply.class).text()).isEqualTo("chat-20260920t140211-3f9a 4 turns");
    }

    @Test
    void okHasAnEmptyBody() {
        assertThat(sample("ok", Ok.class)).isEqualTo(new Ok());
    }

    @Test
    void errorWithARunbookEntry() {
        assertThat(sample("error", ErrorReply.class))
                .isEqualTo(new ErrorReply("memory is unavailable", "memory-unavailable"));
    }

    @Test
    void errorWithoutARunbookEntryWritesNull() {
        String json = envelope("error", "{\"message\":\"empty frame\",\"runbook\":null}");
        assertThat(roundTrip(json)).isEqualTo(new ErrorReply("empty frame", null));
    }

    @Test
    void textKeepsUnicodeAsItIs() {
        String json = envelope("turn", "{\"session\":\"chat-20260920t140211-3f9a\",\"text\":\"caf\u00e9 \u732b \ud83d\ude00\\n\\\"q\\\"\",\"speaker\":null}");
        assertThat(((Turn) roundTrip(json)).text()).isEqualTo("caf\u00e9 \u732b \ud83d\ude00\n\"q\"");
    }

    @Test
    void aLoneSurrogateIsWrittenAsAnEscape() {
        String json = envelope("turn", "{\"session\":\"chat-20260920t140211-3f9a\",\"text\":\"x\\uD83D\",\"speaker\":null}");
        assertThat(((Turn) roundTrip(json)).text()).isEqualTo("x\ud83d");
    }
}
