package dev.boxmaker.proto.wire;

import static org.assertj.core.api.Assertions.assertThat;

import dev.boxmaker.proto.wire.msg.Message;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Every kind of wire.md is known, and each sample round-trips to the same bytes. */
class KindsTest {
    @Test
    void everyKindOfWireMdIsKnownAndSampled() {
        assertThat(Kinds.names()).containsExactlyInAnyOrderElementsOf(WireSamples.BY_KIND.keySet());
        assertThat(Kinds.names()).hasSize(26);
    }

    @Test
    void everySampleRoundTripsToTheSameBytes() {
        for (Map.Entry<String, String> sample : WireSamples.BY_KIND.entrySet()) {
            Message message = WireSamples.roundTrip(sample.getValue());
            assertThat(message.kind()).isEqualTo(sample.getKey());
            assertThat(message).isInstanceOf(Kinds.type(sample.getKey()));
        }
    }

    @Test
    void anUnknownKindHasNoType() {
        assertThat(Kinds.type("memory_blocks")).isNull();
    }
}
