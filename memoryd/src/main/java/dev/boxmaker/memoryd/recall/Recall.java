package dev.boxmaker.memoryd.recall;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.boxmaker.memoryd.sentences.RecallSentences;
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
import io.smallrye.mutiny.Uni;
import java.io.IOException;
import java.time.Clock;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletionStage;
import java.util.function.BiFunction;
import org.jboss.logging.Logger;

/**
 * The {@code recall} tool (the spec, section 5) and the owner's {@code search}: the same hits, but a
 * search writes no recall-log line and carries no label, since it goes to the owner, not a session.
 *
 * <p>One path ({@link RecallSources}): the local index is one source beside Honcho's (the M5c spec,
 * section 8), composed as one {@code Uni}; without {@code [honcho]} there are no other sources, and
 * the answer is the index's alone. Only the blocking callers ({@link #call}, {@link #search}) wait,
 * at this edge.
 */
public final class Recall {
    private static final Logger LOG = Logger.getLogger(Recall.class);

    private final RecallSources sources;
    private final RecallLog log;
    private final Clock clock;
    private final String owner;
    private final Optional<FleetRecall> fleet;

    public Recall(IndexSearch searcher, RecallLog log, Clock clock, String owner) {
        this(searcher, log, clock, owner, Optional.empty());
    }

    /** With {@code fleet}, Honcho's sources too; headers then name the owner by Honcho's owner peer as well. */
    public Recall(IndexSearch searcher, RecallLog log, Clock clock, String owner, Optional<FleetRecall> fleet) {
        this.sources = new RecallSources(searcher, fleet);
        this.log = log;
        this.clock = clock;
        this.owner = owner;
        this.fleet = fleet;
    }

    /** Answers a decided {@code recall} call, waiting for every source. */
    public ToolResponse call(MemoryCall call) {
        // Bounded: each Honcho source by its limit, the index by its own search.
        return callLater(call).toCompletableFuture().join();
    }

    /**
     * {@link #call}, answered once every source has: the calling thread searches the index and returns;
     * with Honcho's sources the answer completes on the thread of the last one to answer or run out of
     * time, without them at once.
     */
    public CompletionStage<ToolResponse> callLater(MemoryCall call) {
        String id = call.request().call();
        RecallArgs.Result parsed = RecallArgs.parse(call.request().args());
        if (parsed.args().isEmpty()) {
            return Uni.createFrom().item(new ToolResponse(id, Outcome.REFUSED, parsed.refusal(), DataClass.PRIVATE,
                    false, null)).subscribeAsCompletionStage();
        }
        RecallArgs args = parsed.args().get();
        String session = call.request().session().value();
        return sources.find(args).map(found -> answer(args, session, found).toResponse(id)).subscribeAsCompletionStage();
    }

    /** The tool's answer and label; one recall-log line when the index searched. */
    private Answer answer(RecallArgs args, String session, RecallSources.Found found) {
        Optional<String> failed = failure(found, "recall");
        if (failed.isPresent()) {
            return new Answer(Outcome.FAILED, failed.get(), Label.SESSION_START);
        }
        try {
            log.append(clock.instant(), session, args.query(), args.k(), found.local());
        } catch (IOException e) {
            // The hit counts of M5c are worked out from this log; a lost line is logged, not hidden.
            LOG.errorf("the recall log could not be written: %s", e.getMessage());
        }
        return Answer.ok(text(args, found), FleetHitText.label(FleetHitText.interleaved(found.local(), found.fleet(),
                args.k())));
    }

    /** The owner's search for {@code --json}: its hits as records ({@link SearchJson}); refused as {@link #search} is. */
    public Answer searchJson(String arg) {
        return owners(arg, SearchJson::document);
    }

    /** The owner's search's arguments: recall's, as a JSON object. */
    private static RecallArgs.Result ownerArgs(String arg) {
        JsonNode node;
        try {
            node = Json.MAPPER.readTree(arg);
        } catch (IOException e) {
            return RecallArgs.Result.refused(RecallSentences.SEARCH_USAGE);
        }
        if (!(node instanceof ObjectNode object)) {
            return RecallArgs.Result.refused(RecallSentences.SEARCH_USAGE);
        }
        return RecallArgs.parse(object);
    }

    /** The owner's search: {@code arg} is recall's arguments as a JSON object. Hits are escaped for a terminal. */
    public Answer search(String arg) {
        return owners(arg, (args, found) -> Escape.escape(text(args, found)));
    }

    /** The owner's search, shown by {@code shown}: refused on bad arguments or when the index could not search. */
    private Answer owners(String arg, BiFunction<RecallArgs, RecallSources.Found, String> shown) {
        RecallArgs.Result parsed = ownerArgs(arg);
        if (parsed.args().isEmpty()) {
            return Answer.refused(parsed.refusal(), Label.SESSION_START);
        }
        RecallArgs args = parsed.args().get();
        // Bounded: each Honcho source by its limit, the index by its own search.
        RecallSources.Found found = sources.find(args).await().indefinitely();
        return failure(found, "search").map(sentence -> Answer.refused(sentence, Label.SESSION_START))
                .orElseGet(() -> Answer.ok(shown.apply(args, found), Label.SESSION_START));
    }

    /** The sentence when the index could not search (damaged, or an SQL error, logged as {@code what}'s); else empty. */
    private static Optional<String> failure(RecallSources.Found found, String what) {
        if (found.damaged()) {
            return Optional.of(RecallSentences.RECALL_INDEX_DAMAGED);
        }
        if (found.failure() != null) {
            LOG.errorf("%s failed on the index: %s", what, found.failure().getMessage());
            return Optional.of(RecallSentences.RECALL_FAILED);
        }
        return Optional.empty();
    }

    /** Every source's hits interleaved to {@code k} and numbered, then a line per source that did not answer. */
    private String text(RecallArgs args, RecallSources.Found found) {
        return FleetHitText.render(args.query(), found.terms(), found.local(), found.fleet(), args.k(), owner,
                fleet.map(FleetRecall::owner).orElse(null));
    }
}
