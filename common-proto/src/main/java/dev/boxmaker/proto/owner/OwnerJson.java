package dev.boxmaker.proto.owner;

import com.fasterxml.jackson.core.JsonGenerator;
import dev.boxmaker.proto.wire.LightJson;
import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.util.List;

/**
 * The JSON documents a daemon answers an owner's command with when bxctl asks for {@code --json}
 * ({@code memory_admin} or {@code broker_admin} with {@code format} {@code json}): written with
 * jackson-core's generator, snake_case keys, texts raw (JSON escapes them), times as RFC 3339 strings.
 * bxctl prints the document as it comes; its README lists each command's fields.
 */
public final class OwnerJson {
    private OwnerJson() {
    }

    /** What writes one document's value on a generator. */
    @FunctionalInterface
    public interface Writing {
        void write(JsonGenerator g) throws IOException;
    }

    /** The document {@code writing} writes, as text. */
    public static String document(Writing writing) {
        StringWriter out = new StringWriter();
        try (JsonGenerator g = LightJson.FACTORY.createGenerator(out)) {
            writing.write(g);
        } catch (IOException e) {
            throw new UncheckedIOException("an owner's JSON document could not be written", e);
        }
        return out.toString();
    }

    /** {@code name: [text, …]}. */
    public static void texts(JsonGenerator g, String name, List<String> texts) throws IOException {
        g.writeArrayFieldStart(name);
        for (String text : texts) {
            g.writeString(text);
        }
        g.writeEndArray();
    }

    /**
     * An owner command's outcome: {@code {"outcome": word, "id": id, "edit": journalled, "message": sentence}},
     * {@code journalled} being the journal id a memoryd command wrote; brokerd's have no {@code edit}
     * (null leaves it out).
     */
    public static String outcome(String outcome, String id, String journalled, String sentence) {
        return document(g -> {
            g.writeStartObject();
            g.writeStringField("outcome", outcome);
            g.writeStringField("id", id);
            if (journalled != null) {
                g.writeStringField("edit", journalled);
            }
            g.writeStringField("message", sentence);
            g.writeEndObject();
        });
    }

    /** {@code {"message": sentence}}: an answer that is one sentence and no more. */
    public static String message(String sentence) {
        return document(g -> {
            g.writeStartObject();
            g.writeStringField("message", sentence);
            g.writeEndObject();
        });
    }
}
