package dev.boxmaker.proto.client;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import org.junit.jupiter.api.Test;

/** The client waits are wire.md's "Client wait" column. */
class WaitTest {
    @Test
    void eachKindWaitsAsWireMdSays() {
        assertThat(Wait.reply("memory_block")).isEqualTo(Duration.ofSeconds(10));
        assertThat(Wait.reply("session_updated")).isEqualTo(Duration.ofSeconds(10));
        assertThat(Wait.reply("memory_call")).isEqualTo(Duration.ofSeconds(30));
        assertThat(Wait.reply("reindex")).isEqualTo(Duration.ofMinutes(30));
        assertThat(Wait.reply("memory_admin")).isEqualTo(Duration.ofSeconds(30));
        assertThat(Wait.reply("broker_admin")).isEqualTo(Duration.ofSeconds(30));
        assertThat(Wait.reply("session_state")).isEqualTo(Duration.ofSeconds(5));
        assertThat(Wait.reply("turn")).isEqualTo(Duration.ofMinutes(15));
        assertThat(Wait.reply("loop_admin")).isEqualTo(Duration.ofSeconds(30));
    }

    @Test
    void aToolRequestHasNoFixedWait() {
        assertThatThrownBy(() -> Wait.reply("tool_request"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("wire.md fixes no client wait for \"tool_request\"");
    }
}
