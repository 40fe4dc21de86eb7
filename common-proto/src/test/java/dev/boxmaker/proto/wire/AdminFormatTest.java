package dev.boxmaker.proto.wire;

import static org.assertj.core.api.Assertions.assertThat;

import dev.boxmaker.proto.wire.msg.BrokerAdmin;
import dev.boxmaker.proto.wire.msg.MemoryAdmin;
import dev.boxmaker.proto.wire.msg.Message;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

/**
 * {@code memory_admin} and {@code broker_admin} carry {@code format} only when bxctl asks for
 * {@code --json}: the text command's bytes are those of before, and both codecs read and write the field.
 */
class AdminFormatTest {
    private static String body(Codec codec, Message message) {
        byte[] frame = codec.encode(message);
        return new String(Arrays.copyOfRange(frame, 4, frame.length), StandardCharsets.UTF_8);
    }

    @Test
    void aTextCommandHasNoFormatField() {
        for (Codec codec : Codec.values()) {
            assertThat(body(codec, new MemoryAdmin("log", "20")))
                    .isEqualTo("{\"kind\":\"memory_admin\",\"body\":{\"command\":\"log\",\"arg\":\"20\"}}");
            assertThat(body(codec, new BrokerAdmin("grants", "")))
                    .isEqualTo("{\"kind\":\"broker_admin\",\"body\":{\"command\":\"grants\",\"arg\":\"\"}}");
        }
    }

    @Test
    void aJsonCommandSaysSoAndIsReadBack() {
        for (Codec codec : Codec.values()) {
            MemoryAdmin memory = new MemoryAdmin("log", "20", MemoryAdmin.JSON);
            assertThat(body(codec, memory)).isEqualTo(
                    "{\"kind\":\"memory_admin\",\"body\":{\"command\":\"log\",\"arg\":\"20\",\"format\":\"json\"}}");
            MemoryAdmin read = (MemoryAdmin) codec.decode(body(codec, memory).getBytes(StandardCharsets.UTF_8));
            assertThat(read.json()).isTrue();
            BrokerAdmin broker = new BrokerAdmin("grants", "", BrokerAdmin.JSON);
            BrokerAdmin back = (BrokerAdmin) codec.decode(body(codec, broker).getBytes(StandardCharsets.UTF_8));
            assertThat(back).isEqualTo(broker);
            assertThat(back.json()).isTrue();
        }
        assertThat(new MemoryAdmin("log", "20").json()).isFalse();
    }
}
