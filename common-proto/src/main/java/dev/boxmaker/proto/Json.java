package dev.boxmaker.proto;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.core.json.JsonReadFeature;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;

/** The one JSON mapper every role uses for frames, logs and journals. */
public final class Json {
    /**
     * Unknown fields are ignored (wire.md); nulls are written, so a record's JSON form is always
     * complete; duplicate keys are refused, so one frame cannot mean two things.
     */
    public static final ObjectMapper MAPPER = JsonMapper.builder()
            .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
            .enable(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES)
            .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
            .disable(JsonReadFeature.ALLOW_NON_NUMERIC_NUMBERS)
            .disable(JsonGenerator.Feature.AUTO_CLOSE_TARGET)
            .disable(JsonParser.Feature.AUTO_CLOSE_SOURCE)
            .serializationInclusion(JsonInclude.Include.ALWAYS)
            .build();

    private Json() {
    }
}
