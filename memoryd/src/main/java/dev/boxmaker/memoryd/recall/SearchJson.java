package dev.boxmaker.memoryd.recall;

import com.fasterxml.jackson.core.JsonGenerator;
import dev.boxmaker.memoryd.index.search.Hit;
import dev.boxmaker.memoryd.recall.fleet.FleetAnswer;
import dev.boxmaker.memoryd.recall.fleet.FleetHit;
import dev.boxmaker.proto.owner.OwnerJson;
import java.io.IOException;
import java.util.List;

/**
 * {@code bxctl memory search --json}: the hits the owner's search shows, in its order, as records
 * ({@code {"hits": [{"rank", "tag", "source", "kind", "who", "class", "session", "record", "turn", "time", "text"}],
 * "unavailable": [source]}}), each text whole and raw, from what recall's one path found
 * ({@link RecallSources}); a source that did not answer within its limit is listed in
 * {@code unavailable}. The index failing refuses the search with the text's sentence ({@link Recall}).
 */
final class SearchJson {
    /** The {@code source} of a hit from this memoryd's own index. */
    static final String LOCAL = "local";

    private SearchJson() {
    }

    /** The document of what every source found ({@link RecallSources}); the index searched. */
    static String document(RecallArgs args, RecallSources.Found found) {
        List<FleetAnswer> answers = found.fleet();
        List<Object> shown = FleetHitText.interleaved(found.local(), answers, args.k());
        return OwnerJson.document(g -> {
            g.writeStartObject();
            g.writeArrayFieldStart("hits");
            for (int i = 0; i < shown.size(); i++) {
                if (shown.get(i) instanceof Hit hit) {
                    local(g, i + 1, hit);
                } else {
                    fleet(g, i + 1, (FleetHit) shown.get(i));
                }
            }
            g.writeEndArray();
            OwnerJson.texts(g, "unavailable", answers.stream().filter(a -> !a.answered()).map(FleetAnswer::source).toList());
            g.writeEndObject();
        });
    }

    private static void local(JsonGenerator g, int rank, Hit hit) throws IOException {
        g.writeStartObject();
        g.writeNumberField("rank", rank);
        g.writeStringField("tag", HitText.tag(hit));
        g.writeStringField("source", LOCAL);
        g.writeStringField("kind", hit.kind());
        g.writeStringField("who", Hit.NOTE.equals(hit.kind()) ? null : hit.role().equals(Hit.ASSISTANT)
                || hit.role().equals(Hit.CALL) ? hit.role() : hit.speaker());
        g.writeStringField("class", hit.dataClass().wire());
        g.writeStringField("session", hit.session());
        g.writeNumberField("record", hit.record());
        if (hit.turn() == null) {
            g.writeNullField("turn");
        } else {
            g.writeNumberField("turn", hit.turn());
        }
        g.writeStringField("time", hit.time());
        g.writeStringField("text", hit.text());
        g.writeEndObject();
    }

    private static void fleet(JsonGenerator g, int rank, FleetHit hit) throws IOException {
        g.writeStartObject();
        g.writeNumberField("rank", rank);
        g.writeStringField("tag", FleetHitText.tag(hit));
        g.writeStringField("source", hit.source());
        g.writeStringField("kind", hit.kind().name().toLowerCase(java.util.Locale.ROOT));
        g.writeStringField("who", hit.peer());
        g.writeStringField("class", hit.dataClass().wire());
        g.writeNullField("session");
        g.writeNullField("record");
        g.writeNullField("turn");
        g.writeStringField("time", hit.createdAt());
        g.writeStringField("text", hit.text());
        g.writeEndObject();
    }
}
