package dev.boxmaker.memoryd.recall;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.boxmaker.memoryd.sentences.Sentences;
import dev.boxmaker.memoryd.index.IndexDamagedException;
import dev.boxmaker.memoryd.index.search.Hit;
import dev.boxmaker.memoryd.index.search.IndexSearch;
import dev.boxmaker.memoryd.recall.fleet.FleetRecall;
import dev.boxmaker.memoryd.tool.Answer;
import dev.boxmaker.proto.DataClass;
import dev.boxmaker.proto.Json;
import dev.boxmaker.proto.Label;
import dev.boxmaker.proto.text.Escape;
import dev.boxmaker.proto.wire.msg.MemoryCall;
import dev.boxmaker.proto.wire.msg.Outcome;
import dev.boxmaker.proto.wire.msg.ToolResponse;
import java.io.IOException;
import java.sql.SQLException;
import java.time.Clock;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.Optional;
import org.jboss.logging.Logger;

/**
 * The {@code recall} tool (the spec, section 5) and the owner's {@code search}: the same hits, but a
 * search writes no recall-log line and carries no label, since it goes to the owner, not a session.
 * With {@code [honcho]}, both search Honcho's sources too, in parallel with the index
 * ({@link FleetRecall}; the M5c spec, section 8); without it, nothing of that runs.
 */
public final class Recall {
    private static final Logger LOG = Logger.getLogger(Recall.class);

    private final IndexSearch searcher;
    private final RecallLog log;
    private final Clock clock;
    private final String owner;
    private final Optional<FleetRecall> fleet;

    public Recall(IndexSearch searcher, RecallLog log, Clock clock, String owner) {
        this(searcher, log, clock, owner, Optional.empty());
    }

    /** With {@code fleet}, Honcho's sources too; headers then name the owner by Honcho's owner peer as well. */
    public Recall(IndexSearch searcher, RecallLog log, Clock clock, String owner, Optional<FleetRecall> fleet) {
        this.searcher = searcher;
        this.log = log;
        this.clock = clock;
        this.owner = owner;
        this.fleet = fleet;
    }

    /** Answers a decided {@code recall} call. */
    public ToolResponse call(MemoryCall call) {
        String id = call.request().call();
        RecallArgs.Result parsed = RecallArgs.parse(call.request().args());
        if (parsed.args().isEmpty()) {
            return new ToolResponse(id, Outcome.REFUSED, parsed.refusal(), DataClass.PRIVATE, false, null);
        }
        RecallArgs args = parsed.args().get();
        Answer answer = answer(args, call.request().session().value());
        return answer.toResponse(id);
    }

    /**
     * {@link #call}, answered once every source has: with Honcho's sources the calling thread searches
     * the index and returns, and the answer completes on the thread of the last source to answer or
     * run out of time; without them, at once.
     */
    public CompletionStage<ToolResponse> callLater(MemoryCall call) {
        if (fleet.isEmpty()) {
            return CompletableFuture.completedFuture(call(call));
        }
        String id = call.request().call();
        RecallArgs.Result parsed = RecallArgs.parse(call.request().args());
        if (parsed.args().isEmpty()) {
            return CompletableFuture.completedFuture(
                    new ToolResponse(id, Outcome.REFUSED, parsed.refusal(), DataClass.PRIVATE, false, null));
        }
        return FleetRecalls.answerLater(this, parsed.args().get(), call.request().session().value())
                .map(answer -> answer.toResponse(id)).subscribeAsCompletionStage();
    }

    /** The tool's answer and label; one recall-log line when the search ran. */
    Answer answer(RecallArgs args, String session) {
        if (fleet.isPresent()) {
            return FleetRecalls.answer(this, args, session);
        }
        List<String> terms = IndexSearch.terms(args.query());
        List<Hit> hits;
        try {
            hits = searcher.search(terms, args.k());
        } catch (IndexDamagedException e) {
            return new Answer(Outcome.FAILED, Sentences.RECALL_INDEX_DAMAGED, Label.SESSION_START);
        } catch (SQLException e) {
            LOG.errorf("recall failed on the index: %s", e.getMessage());
            return new Answer(Outcome.FAILED, Sentences.RECALL_FAILED, Label.SESSION_START);
        }
        try {
            log.append(clock.instant(), session, args.query(), args.k(), hits);
        } catch (IOException e) {
            // The hit counts of M5c are worked out from this log; a lost line is logged, not hidden.
            LOG.errorf("the recall log could not be written: %s", e.getMessage());
        }
        return Answer.ok(text(args.query(), terms, hits), label(hits));
    }

    /** The owner's search for {@code --json}: its hits as records ({@link SearchJson}); refused as {@link #search} is. */
    public Answer searchJson(String arg) {
        RecallArgs.Result parsed = ownerArgs(arg);
        if (parsed.args().isEmpty()) {
            return Answer.refused(parsed.refusal(), Label.SESSION_START);
        }
        return SearchJson.search(this, parsed.args().get(), fleet);
    }

    /** The owner's search's arguments: recall's, as a JSON object. */
    private static RecallArgs.Result ownerArgs(String arg) {
        JsonNode node;
        try {
            node = Json.MAPPER.readTree(arg);
        } catch (IOException e) {
            return RecallArgs.Result.refused(Sentences.SEARCH_USAGE);
        }
        if (!(node instanceof ObjectNode object)) {
            return RecallArgs.Result.refused(Sentences.SEARCH_USAGE);
        }
        return RecallArgs.parse(object);
    }

    /** The owner's search: {@code arg} is recall's arguments as a JSON object. Hits are escaped for a terminal. */
    public Answer search(String arg) {
        RecallArgs.Result parsed = ownerArgs(arg);
        if (parsed.args().isEmpty()) {
            return Answer.refused(parsed.refusal(), Label.SESSION_START);
        }
        RecallArgs args = parsed.args().get();
        if (fleet.isPresent()) {
            return FleetRecalls.search(this, args);
        }
        List<String> terms = IndexSearch.terms(args.query());
        try {
            return Answer.ok(Escape.escape(text(args.query(), terms, searcher.search(terms, args.k()))),
                    Label.SESSION_START);
        } catch (IndexDamagedException e) {
            return Answer.refused(Sentences.RECALL_INDEX_DAMAGED, Label.SESSION_START);
        } catch (SQLException e) {
            LOG.errorf("search failed on the index: %s", e.getMessage());
            return Answer.refused(Sentences.RECALL_FAILED, Label.SESSION_START);
        }
    }

    IndexSearch searcher() {
        return searcher;
    }

    RecallLog log() {
        return log;
    }

    Clock clock() {
        return clock;
    }

    String owner() {
        return owner;
    }

    FleetRecall fleet() {
        return fleet.orElseThrow();
    }

    private String text(String query, List<String> terms, List<Hit> hits) {
        return hits.isEmpty() ? Sentences.noMatches(Escape.escapeLine(query)) : HitText.render(hits, terms, owner);
    }

    /** The highest class among the hits, at least private; untrusted if any hit is tagged memory-tainted. */
    static Label label(List<Hit> hits) {
        Label label = Label.SESSION_START;
        for (Hit hit : hits) {
            label = label.combine(new Label(hit.dataClass(), HitText.MEMORY_TAINTED.equals(HitText.tag(hit))));
        }
        return label;
    }
}
