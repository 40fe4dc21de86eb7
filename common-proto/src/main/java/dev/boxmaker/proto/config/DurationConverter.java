package dev.boxmaker.proto.config;

import java.time.Duration;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.eclipse.microprofile.config.spi.Converter;

/**
 * Reads durations as the configuration files write them: a whole number and a unit, {@code "300ms"},
 * {@code "30s"}, {@code "10m"}, {@code "2h"}. SmallRye alone knows only ISO-8601 ({@code PT10M}).
 * Put it on every Duration in a mapping with {@code @WithConverter(DurationConverter.class)}, so the
 * same rule holds in tests and under Quarkus (whose own converter would also take a bare "30").
 */
public final class DurationConverter implements Converter<Duration> {
    private static final long serialVersionUID = 1L;
    /** Nine digits keep every unit far inside Duration's range and refuse nonsense early. */
    public static final int NUMBER_DIGITS_MAX = 9;

    private static final Pattern DURATION = Pattern.compile("(\\d{1," + NUMBER_DIGITS_MAX + "})(ms|s|m|h)");

    @Override
    public Duration convert(String value) {
        Matcher matcher = DURATION.matcher(value.strip());
        if (!matcher.matches()) {
            throw new IllegalArgumentException(ConfigSentences.notDuration(value));
        }
        long number = Long.parseLong(matcher.group(1));
        return switch (matcher.group(2)) {
            case "ms" -> Duration.ofMillis(number);
            case "s" -> Duration.ofSeconds(number);
            case "m" -> Duration.ofMinutes(number);
            default -> Duration.ofHours(number);
        };
    }
}
