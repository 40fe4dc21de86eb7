package dev.boxmaker.proto.config;

import org.eclipse.microprofile.config.spi.Converter;

/**
 * Accepts only {@code true} and {@code false}. SmallRye's default reads "yes", "on" and "ja" as true
 * and anything else as false, so a typo in a TOML value would silently turn a switch off.
 * Put it on every boolean in a mapping with {@code @WithConverter(StrictBooleanConverter.class)}.
 */
public final class StrictBooleanConverter implements Converter<Boolean> {
    private static final long serialVersionUID = 1L;

    @Override
    public Boolean convert(String value) {
        // SmallRye hands over the raw text; TOML's true and false arrive exactly so.
        String text = value.strip();
        if (text.equals("true")) {
            return Boolean.TRUE;
        }
        if (text.equals("false")) {
            return Boolean.FALSE;
        }
        throw new IllegalArgumentException(ConfigSentences.notBoolean(value));
    }
}
