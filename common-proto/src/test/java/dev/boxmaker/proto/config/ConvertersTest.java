package dev.boxmaker.proto.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class ConvertersTest {
    private final DurationConverter durations = new DurationConverter();
    private final StrictBooleanConverter booleans = new StrictBooleanConverter();

    @ParameterizedTest
    @CsvSource({
        "300ms, PT0.3S",
        "30s, PT30S",
        "10m, PT10M",
        "2h, PT2H",
        "0s, PT0S",
        "' 30s ', PT30S",
        "999999999h, PT999999999H",
    })
    void durationsAreANumberAndAUnit(String text, String iso) {
        assertThat(durations.convert(text)).isEqualTo(Duration.parse(iso));
    }

    @ParameterizedTest
    @ValueSource(strings = {"30", "", "-5s", "1.5s", "10 m", "10M", "1d", "PT10M", "1h30m", "1000000000h", "s"})
    void otherDurationsAreRefused(String text) {
        assertThatThrownBy(() -> durations.convert(text)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage(ConfigSentences.notDuration(text));
    }

    @ParameterizedTest
    @CsvSource({"true, true", "false, false", "' true', true"})
    void booleansAreTrueOrFalse(String text, boolean expected) {
        assertThat(booleans.convert(text)).isEqualTo(expected);
    }

    @ParameterizedTest
    @ValueSource(strings = {"yes", "no", "1", "0", "on", "True", "FALSE", "", "ja"})
    void otherBooleansAreRefused(String text) {
        assertThatThrownBy(() -> booleans.convert(text)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage(ConfigSentences.notBoolean(text));
    }
}
