package dev.boxmaker.brokerd.decide;

import dev.boxmaker.brokerd.sentences.Sentences;
import dev.boxmaker.brokerd.approvals.Approvals;
import dev.boxmaker.brokerd.audit.AuditLog;
import dev.boxmaker.brokerd.audit.AuditRecord;
import dev.boxmaker.brokerd.grants.BuiltinGrants;
import dev.boxmaker.brokerd.grants.Grant;
import dev.boxmaker.brokerd.grants.GrantWatcher;
import dev.boxmaker.brokerd.runtime.Runtime;
import dev.boxmaker.brokerd.taint.Taints;
import dev.boxmaker.brokerd.threads.BrokerdThreads;
import dev.boxmaker.proto.Json;
import dev.boxmaker.proto.Label;
import dev.boxmaker.proto.server.HandlerRefusal;
import dev.boxmaker.proto.text.Escape;
import dev.boxmaker.proto.wire.msg.Outcome;
import dev.boxmaker.proto.wire.msg.ToolRequest;
import dev.boxmaker.proto.wire.msg.ToolResponse;
import java.io.UncheckedIOException;
import java.time.Clock;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CompletionStage;
import org.jboss.logging.Logger;

/**
 * One call from start to answer: check the memory tools' shapes, decide under the grants, wait for
 * the owner when the grant asks, run, label (the stricter of grant and runtime, each part), write
 * the audit line, raise the session's taint, answer. The audit line is on disk before the answer.
 */
public final class Broker implements AutoCloseable {
    private static final Logger LOG = Logger.getLogger(Broker.class);

    private final GrantWatcher grants;
    private final Runtime runtime;
    private final Taints taints;
    private final AuditLog audit;
    private final Approvals approvals;
    private final Clock clock;
    private final BrokerdThreads threads;

    /**
     * @param threads brokerd's threads: approved calls run on its work pool, so the owner's command
     *                returns at once, and every call ends there; the broker closes them last
     */
    public Broker(GrantWatcher grants, Runtime runtime, Taints taints, AuditLog audit, Approvals approvals, Clock clock,
            BrokerdThreads threads) {
        this.grants = grants;
        this.runtime = runtime;
        this.taints = taints;
        this.audit = audit;
        this.approvals = approvals;
        this.clock = clock;
        this.threads = threads;
    }

    public Taints taints() {
        return taints;
    }

    public Approvals approvals() {
        return approvals;
    }

    public GrantWatcher grants() {
        return grants;
    }

    public AuditLog audit() {
        return audit;
    }

    /**
     * The answer to {@code request}. Completes at once when the call is refused or denied; waits for
     * the owner when the grant asks; otherwise completes when the call has run: a runtime that blocks
     * (exec) blocks the calling thread, one that waits on memoryd holds no thread.
     */
    public CompletionStage<ToolResponse> handle(ToolRequest request) {
        String tool = request.tool();
        Label taint = taints.of(request.session().value());
        try {
            MemoryToolArgs.check(tool, request.args());
        } catch (MemoryToolArgs.Refused e) {
            return done(finish(request, Optional.empty(), AuditRecord.DENIED, Outcome.REFUSED, e.getMessage(), taint));
        }
        Decision decision = Decider.decide(grants.current(), tool, request.args(), taint);
        return switch (decision.verdict()) {
            case DENY -> done(finish(request, decision.grant(), AuditRecord.DENIED, Outcome.DENIED, decision.sentence(), taint));
            case RUN -> run(request, decision.grant().orElseThrow(), AuditRecord.AUTO);
            case ASK -> ask(request, decision.grant().orElseThrow(), taint);
        };
    }

    /**
     * Waits for the owner. A call whose arguments the owner could not be shown whole in one reply is
     * denied at once: the owner must be able to read all of what they approve.
     */
    private CompletionStage<ToolResponse> ask(ToolRequest request, Grant grant, Label taint) {
        String shown = Approvals.shown(request);
        long chars = Approvals.chars(shown);
        if (chars > Approvals.ARGS_WHOLE_CHARS_MAX) {
            return done(finish(request, Optional.of(grant), AuditRecord.DENIED, Outcome.DENIED,
                    Sentences.argsTooLongToAsk(request.tool(), chars, Approvals.ARGS_WHOLE_CHARS_MAX), taint));
        }
        Optional<CompletableFuture<Approvals.Answer>> verdict = approvals.add(request, grant, shown);
        if (verdict.isEmpty()) {
            return done(finish(request, Optional.of(grant), AuditRecord.DENIED, Outcome.DENIED,
                    Sentences.approvalsFull(Approvals.WAITING_MAX), taint));
        }
        return verdict.get().thenComposeAsync(answer -> switch (answer.verdict()) {
            case APPROVED -> run(request, grant, AuditRecord.APPROVED);
            case DENIED -> done(finish(request, Optional.of(grant), AuditRecord.DENIED, Outcome.DENIED,
                    Sentences.OWNER_DENIED, taints.of(request.session().value())));
            case TIMED_OUT -> done(finish(request, Optional.of(grant), AuditRecord.TIMED_OUT, Outcome.DENIED,
                    Sentences.ownerTimedOut(approvals.timeout()), taints.of(request.session().value())));
            case STOPPED -> done(finish(request, Optional.of(grant), AuditRecord.TIMED_OUT, Outcome.DENIED,
                    Sentences.STOPPED_WHILE_WAITING, taints.of(request.session().value())));
            case NOT_ALLOWED -> done(finish(request, Optional.of(grant), AuditRecord.DENIED, Outcome.DENIED,
                    Sentences.approvedButDenied(answer.why()), taints.of(request.session().value())));
        }, threads.work());
    }

    /**
     * {@code bxctl approve ID}: the call runs only if the grants and the session's taint in force now
     * still allow it under the grant it was asked under ({@link Recheck}); empty when no such call waits.
     */
    public Optional<Approvals.Answer> approve(String id) {
        return approvals.approve(id, (request, grant) ->
                Recheck.why(grants.current(), grant, request, taints.of(request.session().value())));
    }

    /**
     * Runs under {@code grant} with the session's taint as it is now: a taint only rises, so now is
     * strictest. When the audit line cannot be written (a full disk), the answer is withheld, and the
     * refusal says the call ran: the server's own sentence would say nothing was changed, and the model
     * would run it again.
     */
    private CompletionStage<ToolResponse> run(ToolRequest request, Grant grant, String decision) {
        Label taint = taints.of(request.session().value());
        // The end (an audit line on disk) runs on a work thread: memoryd's answer comes on an event loop.
        return runtime.call(new Runtime.RunSpec(request, taint, grant.timeout())).emitOn(threads.work())
                .map(result -> ran(request, grant, decision, result)).subscribeAsCompletionStage();
    }

    private ToolResponse ran(ToolRequest request, Grant grant, String decision, Runtime.Labelled result) {
        Label label = result.label().map(grant.result()::combine).orElse(grant.result());
        try {
            return finish(request, Optional.of(grant), decision, result.output().outcome(), result.output().text(), label);
        } catch (UncheckedIOException e) {
            LOG.errorf(e, "call %s (%s) ran, but its audit line could not be written; its answer is withheld",
                    Escape.escapeLine(request.call()), Escape.escapeLine(request.tool()));
            throw new CompletionException(new HandlerRefusal(Sentences.auditUnwritable(request.tool())));
        }
    }

    /** Writes the audit line, raises the taint, and builds the answer, in that order. */
    private ToolResponse finish(ToolRequest request, Optional<Grant> grant, String decision, Outcome outcome,
            String text, Label label) {
        String session = request.session().value();
        audit.append(new AuditRecord(AuditLog.timeOf(clock.instant()), session, request.call(), request.tool(),
                argsSha256(request), grant.map(Grant::id).orElse(null), grant.map(Grant::sha256).orElse(null),
                decision, outcome, label.dataClass(), label.untrusted()));
        taints.raise(session, label);
        return new ToolResponse(request.call(), outcome, text, label.dataClass(), label.untrusted(),
                grant.map(Grant::id).orElse(null));
    }

    private static String argsSha256(ToolRequest request) {
        try {
            return BuiltinGrants.sha256(Json.MAPPER.writeValueAsBytes(request.args()));
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new IllegalStateException("a parsed JSON object could not be written back", e);
        }
    }

    private static CompletionStage<ToolResponse> done(ToolResponse response) {
        return CompletableFuture.completedFuture(response);
    }

    /** Answers the calls waiting for the owner, waits a bounded time for running work, stops brokerd's threads. */
    @Override
    public void close() {
        approvals.close();
        grants.close();
        threads.close();
    }
}
