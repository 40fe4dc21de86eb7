package dev.boxmaker.proto.wire;

import static org.assertj.core.api.Assertions.assertThat;

import dev.boxmaker.proto.wire.msg.Message;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** The stats kinds read and write the same through the light codec bxctl uses as through the mapper. */
class StatsKindsTest {
    @Test
    void eachStatsKindIsTheSameThroughTheLightCodec() {
        for (String kind : new String[] {"memory_stats", "memory_stats_reply", "broker_stats", "broker_stats_reply",
            "loop_stats", "loop_stats_reply"}) {
            byte[] payload = WireSamples.BY_KIND.get(kind).getBytes(StandardCharsets.UTF_8);
            Message light = LightDecoder.read(payload);
            assertThat(light).as(kind).isNotNull().isEqualTo(Envelope.decode(payload));
            assertThat(LightEncoder.frame(light)).isEqualTo(Frames.encode(light));
        }
    }

    @Test
    void aMissingCountIsRefusedWithTheMappersSentence() {
        byte[] payload = WireSamples.envelope("broker_stats_reply", "{\"version\":\"0.1.0\",\"uptime_seconds\":60,"
                + "\"resident_bytes\":null,\"approvals_waiting\":1,\"grants_problem\":null}").getBytes(StandardCharsets.UTF_8);

        assertThat(LightDecoder.read(payload)).isNull();
    }
}
