package dev.boxmaker.memoryd.recall;

import com.fasterxml.jackson.core.JsonGenerator;
import dev.boxmaker.memoryd.index.IndexDamagedException;
import dev.boxmaker.memoryd.index.search.Hit;
import dev.boxmaker.memoryd.index.search.IndexSearch;
import dev.boxmaker.memoryd.recall.fleet.FleetAnswer;
import dev.boxmaker.memoryd.recall.fleet.FleetHit;
import dev.boxmaker.memoryd.recall.fleet.FleetRecall;
import dev.boxmaker.memoryd.sentences.Sentences;
import dev.boxmaker.memoryd.tool.Answer;
import dev.boxmaker.proto.Label;
import dev.boxmaker.proto.owner.OwnerJson;
import java.io.IOException;
import java.sql.SQLException;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;

/**
 * {@code bxctl memory search --json}: the hits the owner's search shows, in its order, as records
 * ({@code {"hits": [{"rank", "tag", "source", "kind", "who", "class", "session", "record", "time", "text"}],
 * "unavailable": [source]}}), each text whole and raw. The sources are asked first, then the index, as
 * {@code FleetRecalls.search} does; a source that did not answer within its limit is listed in
 * {@code unavailable}. The index failing refuses the search with the text's sentence.
 */
final class SearchJson {
    /** The {@code source} of a hit from this memoryd's own index. */
    static final String LOCAL = "local";

    private SearchJson() {
    }

    static Answer search(Recall recall, RecallArgs args, Optional<FleetRecall> fleet) {
        CompletableFuture<List<FleetAnswer>> asked = fleet.isPresent()
                ? fleet.get().search(args.query(), args.k()).subscribeAsCompletionStage()
                : CompletableFuture.completedFuture(List.of());
        List<Hit> local;
        try {
            local = recall.searcher().search(IndexSearch.terms(args.query()), args.k());
        } catch (IndexDamagedException e) {
            asked.cancel(true);
            return Answer.refused(Sentences.RECALL_INDEX_DAMAGED, Label.SESSION_START);
        } catch (SQLException e) {
            asked.cancel(true);
            return Answer.refused(Sentences.RECALL_FAILED, Label.SESSION_START);
        }
        // Bounded: each source by its own limit.
        List<FleetAnswer> answers = asked.join();
        List<Object> shown = FleetHitText.interleaved(local, answers, args.k());
        return Answer.ok(OwnerJson.document(g -> {
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
        }), Label.SESSION_START);
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
        g.writeStringField("time", hit.createdAt());
        g.writeStringField("text", hit.text());
        g.writeEndObject();
    }
}
