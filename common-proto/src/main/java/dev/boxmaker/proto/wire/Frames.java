package dev.boxmaker.proto.wire;

import com.fasterxml.jackson.core.JsonProcessingException;
import dev.boxmaker.proto.Json;
import dev.boxmaker.proto.Sentences;
import dev.boxmaker.proto.limits.FrameLimits;
import dev.boxmaker.proto.wire.msg.Message;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;

/**
 * A frame: a 4-byte unsigned big-endian length N, then N bytes of UTF-8 JSON, with
 * 1 &lt;= N &lt;= {@link #FRAME_BYTES_MAX} (wire.md).
 */
public final class Frames {
    /** 16 MiB ({@link FrameLimits}, where the sentences read it too). */
    public static final int FRAME_BYTES_MAX = FrameLimits.FRAME_BYTES_MAX;

    /** The length prefix. */
    public static final int HEADER_BYTES = 4;

    private Frames() {
    }

    /**
     * The sentence refusing a frame of {@code length} bytes, or null when the length is allowed.
     * The length is read unsigned, so a prefix over 2 GiB is named as the number it is.
     */
    public static String checkLength(long length) {
        if (length == 0) {
            return Sentences.FRAME_EMPTY;
        }
        if (length > FRAME_BYTES_MAX) {
            return Sentences.frameTooLarge(length);
        }
        return null;
    }

    /** The length a 4-byte prefix holds, as an unsigned number. */
    public static long readLength(byte[] header) {
        return ByteBuffer.wrap(header, 0, HEADER_BYTES).getInt() & 0xFFFFFFFFL;
    }

    /** One frame holding {@code payload}; refused if the payload is empty or too large. */
    public static byte[] frame(byte[] payload) {
        String refusal = checkLength(payload.length);
        if (refusal != null) {
            throw new WireException(refusal);
        }
        ByteBuffer out = ByteBuffer.allocate(HEADER_BYTES + payload.length);
        out.putInt(payload.length).put(payload);
        return out.array();
    }

    /** The frame of {@code message}'s envelope. */
    public static byte[] encode(Message message) {
        return frame(Envelope.toJson(message));
    }

    /** The envelope's JSON bytes of {@code message}, without the length prefix. */
    static byte[] json(Object tree) {
        try {
            return Json.MAPPER.writeValueAsBytes(tree);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("a message could not be written as JSON", e);
        }
    }

    /**
     * The payload as text; refused unless it is valid UTF-8. Here, not in {@link Envelope}, so that
     * the light decoder can use it without loading the mapper's classes.
     */
    static String utf8(byte[] payload) {
        try {
            return StandardCharsets.UTF_8.newDecoder()
                    .onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT)
                    .decode(ByteBuffer.wrap(payload)).toString();
        } catch (CharacterCodingException e) {
            throw new WireException(Sentences.FRAME_NOT_UTF8);
        }
    }
}
