package dev.boxmaker.proto.wire;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.core.StreamWriteFeature;
import com.fasterxml.jackson.core.json.JsonReadFeature;
import com.fasterxml.jackson.core.json.JsonWriteFeature;

/**
 * The streaming side of {@link dev.boxmaker.proto.Json#MAPPER}: jackson-core's parser and generator
 * with the mapper's stream settings, for the light codec ({@link LightEncoder}, {@link LightDecoder}).
 * Building the mapper costs a cold bxctl some 140 ms (docs/benchmarks.md, "bxctl cold start"), for
 * {@code TimeZone} and date-format data that frames never use; a factory costs next to nothing.
 * Parsing with the same parser and features as the mapper is what lets the light decoder give the
 * same message for the same bytes: it reads the same tokens, and only the binding is its own.
 */
public final class LightJson {
    /**
     * Duplicate keys refused, no NaN or Infinity, a character outside the BMP written as its four
     * UTF-8 bytes; the caller closes what it reads from and writes to.
     */
    public static final JsonFactory FACTORY = JsonFactory.builder()
            .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
            .disable(JsonReadFeature.ALLOW_NON_NUMERIC_NUMBERS)
            .enable(JsonWriteFeature.COMBINE_UNICODE_SURROGATES_IN_UTF8)
            .disable(StreamReadFeature.AUTO_CLOSE_SOURCE)
            .disable(StreamWriteFeature.AUTO_CLOSE_TARGET)
            .build();

    private LightJson() {
    }
}
