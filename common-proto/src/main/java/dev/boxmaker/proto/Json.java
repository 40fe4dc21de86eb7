package dev.boxmaker.proto;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.core.json.JsonReadFeature;
import com.fasterxml.jackson.core.json.JsonWriteFeature;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.MapperFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.cfg.CoercionAction;
import com.fasterxml.jackson.databind.cfg.CoercionInputShape;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.type.LogicalType;

/** The one JSON mapper every role uses for frames, logs and journals. */
public final class Json {
    /**
     * Unknown fields are ignored (wire.md); nulls are written, so a record's JSON form is always
     * complete; duplicate keys and a second value after the first are refused, so one frame or log
     * line cannot mean two things. Values are taken only as the type they are written in: Jackson
     * would otherwise read {@code "3"} or {@code 3.5} as the count 3, {@code 0} as {@code false}
     * (an {@code untrusted} flag) and {@code 5} as the text {@code "5"}, and wire.md's counts are
     * JSON integers. A character outside the BMP (an emoji) is written as its four UTF-8 bytes,
     * not Jackson 2's default {@code \uD83D\uDE00}, so a session log reads as the text it holds; a
     * lone surrogate, which has no UTF-8 form, is still written as an escape.
     */
    public static final ObjectMapper MAPPER = JsonMapper.builder()
            .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
            .enable(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES)
            .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
            .disable(DeserializationFeature.ACCEPT_FLOAT_AS_INT)
            .disable(MapperFeature.ALLOW_COERCION_OF_SCALARS)
            .withCoercionConfig(LogicalType.Textual, text -> text
                    .setCoercion(CoercionInputShape.Integer, CoercionAction.Fail)
                    .setCoercion(CoercionInputShape.Float, CoercionAction.Fail)
                    .setCoercion(CoercionInputShape.Boolean, CoercionAction.Fail))
            .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
            .disable(JsonReadFeature.ALLOW_NON_NUMERIC_NUMBERS)
            .disable(JsonGenerator.Feature.AUTO_CLOSE_TARGET)
            .disable(JsonParser.Feature.AUTO_CLOSE_SOURCE)
            .enable(JsonWriteFeature.COMBINE_UNICODE_SURROGATES_IN_UTF8)
            .serializationInclusion(JsonInclude.Include.ALWAYS)
            .build();

    private Json() {
    }
}
