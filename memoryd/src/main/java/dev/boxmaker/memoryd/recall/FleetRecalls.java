package dev.boxmaker.memoryd.recall;

import dev.boxmaker.memoryd.sentences.Sentences;
import dev.boxmaker.memoryd.index.IndexDamagedException;
import dev.boxmaker.memoryd.index.search.Hit;
import dev.boxmaker.memoryd.index.search.IndexSearch;
import dev.boxmaker.memoryd.recall.fleet.FleetAnswer;
import dev.boxmaker.memoryd.tool.Answer;
import dev.boxmaker.proto.Label;
import dev.boxmaker.proto.text.Escape;
import dev.boxmaker.proto.wire.msg.Outcome;
import io.smallrye.mutiny.Uni;
import io.smallrye.mutiny.tuples.Tuple2;
import java.io.IOException;
import java.sql.SQLException;
import java.util.List;
import org.jboss.logging.Logger;

/**
 * recall and the owner's search with Honcho's sources: the sources' calls start first, on their pool,
 * then the index is searched on this thread, then the answers are joined (each source bounded by its
 * own limit, the index as without Honcho). The index failing fails the recall as it does without
 * Honcho; a source failing is one line.
 */
final class FleetRecalls {
    private static final Logger LOG = Logger.getLogger(FleetRecalls.class);

    private FleetRecalls() {
    }

    /** The index's hits, or why it could not search. */
    private record Local(List<Hit> hits, Exception failure) {
    }

    /** What every source found. */
    private record Found(Local local, List<FleetAnswer> fleet) {
    }

    /**
     * Every source's answer as one {@link Uni}: when subscribed, the sources' calls go to their pool,
     * then the index is searched on the subscribing thread. A handler that answers later could
     * subscribe to it instead of waiting.
     */
    private static Uni<Found> find(Recall recall, RecallArgs args, List<String> terms) {
        Uni<List<FleetAnswer>> fleet = recall.fleet().search(args.query(), args.k());
        Uni<Local> local = Uni.createFrom().item(() -> {
            try {
                return new Local(recall.searcher().search(terms, args.k()), null);
            } catch (IndexDamagedException | SQLException e) {
                return new Local(List.of(), e);
            }
        });
        // Subscribed in this order: the sources' calls are on their pool before the index is searched.
        return Uni.combine().all().unis(fleet, local).asTuple()
                .map((Tuple2<List<FleetAnswer>, Local> both) -> new Found(both.getItem2(), both.getItem1()));
    }

    static Answer answer(Recall recall, RecallArgs args, String session) {
        // Bounded: each source by its limit, the index as without Honcho.
        return answerLater(recall, args, session).await().indefinitely();
    }

    /**
     * recall's answer once every source answered or ran out of time: subscribing searches the index on
     * the subscribing thread and leaves the sources' calls to their pool, so a caller that answers
     * later holds no thread while Honcho's sources are awaited.
     */
    static Uni<Answer> answerLater(Recall recall, RecallArgs args, String session) {
        List<String> terms = IndexSearch.terms(args.query());
        return find(recall, args, terms).map(found -> answer(recall, args, session, terms, found));
    }

    private static Answer answer(Recall recall, RecallArgs args, String session, List<String> terms, Found found) {
        if (found.local().failure() instanceof IndexDamagedException) {
            return new Answer(Outcome.FAILED, Sentences.RECALL_INDEX_DAMAGED, Label.SESSION_START);
        }
        if (found.local().failure() != null) {
            LOG.errorf("recall failed on the index: %s", found.local().failure().getMessage());
            return new Answer(Outcome.FAILED, Sentences.RECALL_FAILED, Label.SESSION_START);
        }
        try {
            recall.log().append(recall.clock().instant(), session, args.query(), args.k(), found.local().hits());
        } catch (IOException e) {
            LOG.errorf("the recall log could not be written: %s", e.getMessage());
        }
        List<Object> shown = FleetHitText.interleaved(found.local().hits(), found.fleet(), args.k());
        return Answer.ok(text(recall, args, terms, found), FleetHitText.label(shown));
    }

    /** The owner's search: the same text, escaped for a terminal, no label and no log line. */
    static Answer search(Recall recall, RecallArgs args) {
        List<String> terms = IndexSearch.terms(args.query());
        // Bounded: each source by its limit, the index as without Honcho.
        Found found = find(recall, args, terms).await().indefinitely();
        if (found.local().failure() instanceof IndexDamagedException) {
            return Answer.refused(Sentences.RECALL_INDEX_DAMAGED, Label.SESSION_START);
        }
        if (found.local().failure() != null) {
            LOG.errorf("search failed on the index: %s", found.local().failure().getMessage());
            return Answer.refused(Sentences.RECALL_FAILED, Label.SESSION_START);
        }
        return Answer.ok(Escape.escape(text(recall, args, terms, found)), Label.SESSION_START);
    }

    private static String text(Recall recall, RecallArgs args, List<String> terms, Found found) {
        return FleetHitText.render(args.query(), terms, found.local().hits(), found.fleet(), args.k(), recall.owner(),
                recall.fleet().owner());
    }
}
