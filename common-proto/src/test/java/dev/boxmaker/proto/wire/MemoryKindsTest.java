package dev.boxmaker.proto.wire;

import static dev.boxmaker.proto.wire.WireSamples.sample;
import static org.assertj.core.api.Assertions.assertThat;

import dev.boxmaker.proto.DataClass;
import dev.boxmaker.proto.SessionId;
import dev.boxmaker.proto.wire.msg.MemoryAdmin;
import dev.boxmaker.proto.wire.msg.MemoryAdminReply;
import dev.boxmaker.proto.wire.msg.MemoryBlock;
import dev.boxmaker.proto.wire.msg.MemoryBlockReply;
import dev.boxmaker.proto.wire.msg.MemoryCall;
import dev.boxmaker.proto.wire.msg.Reindex;
import dev.boxmaker.proto.wire.msg.Reindexed;
import dev.boxmaker.proto.wire.msg.SessionUpdated;
import org.junit.jupiter.api.Test;

/** The kinds memoryd serves, each decoded from and encoded to a literal envelope (wire.md). */
class MemoryKindsTest {
    private static final SessionId CHAT = SessionId.of("chat-20260920t140211-3f9a");

    @Test
    void memoryBlockHasAnEmptyBody() {
        assertThat(sample("memory_block", MemoryBlock.class)).isEqualTo(new MemoryBlock());
    }

    @Test
    void memoryBlockReplyCarriesTheText() {
        assertThat(sample("memory_block_reply", MemoryBlockReply.class).text()).isEqualTo("## Memory\n- likes tea");
    }

    @Test
    void sessionUpdatedCarriesSessionAndTurn() {
        SessionUpdated m = sample("session_updated", SessionUpdated.class);
        assertThat(m.session()).isEqualTo(CHAT);
        assertThat(m.turn()).isEqualTo(3);
    }

    @Test
    void memoryCallCarriesTheRequestAndTheSessionsLabel() {
        MemoryCall m = sample("memory_call", MemoryCall.class);
        assertThat(m.request().session()).isEqualTo(CHAT);
        assertThat(m.request().call()).isEqualTo("call_1");
        assertThat(m.request().tool()).isEqualTo("memory");
        assertThat(m.request().args().get("action").textValue()).isEqualTo("add");
        assertThat(m.request().args().get("content").textValue()).isEqualTo("likes tea");
        assertThat(m.taint()).isEqualTo(DataClass.SECRET);
        assertThat(m.untrusted()).isTrue();
    }

    @Test
    void reindexHasAnEmptyBody() {
        assertThat(sample("reindex", Reindex.class)).isEqualTo(new Reindex());
    }

    @Test
    void reindexedCarriesThreeCounts() {
        assertThat(sample("reindexed", Reindexed.class)).isEqualTo(new Reindexed(12, 2350, 7));
    }

    @Test
    void reindexedCountsUpToTheLargestJsonLong() {
        String json = WireSamples.envelope("reindexed",
                "{\"logs\":0,\"records\":9223372036854775807,\"notes\":0}");
        assertThat(WireSamples.roundTrip(json)).isEqualTo(new Reindexed(0, Long.MAX_VALUE, 0));
    }

    @Test
    void memoryAdminCarriesCommandAndArg() {
        assertThat(sample("memory_admin", MemoryAdmin.class)).isEqualTo(new MemoryAdmin("undo", "e-17"));
    }

    @Test
    void memoryAdminReplyCarriesTheText() {
        assertThat(sample("memory_admin_reply", MemoryAdminReply.class).text()).isEqualTo("undone: e-17");
    }
}
