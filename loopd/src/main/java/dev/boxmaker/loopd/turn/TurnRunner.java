package dev.boxmaker.loopd.turn;

import dev.boxmaker.loopd.sentences.Sentences;
import dev.boxmaker.loopd.baseline.MemorySource;
import dev.boxmaker.loopd.model.Messages;
import dev.boxmaker.loopd.model.ModelClient;
import dev.boxmaker.loopd.model.ModelException;
import dev.boxmaker.loopd.model.ModelReply;
import dev.boxmaker.loopd.model.Tokens;
import dev.boxmaker.loopd.tools.ToolResult;
import dev.boxmaker.loopd.tools.ToolRunner;
import dev.boxmaker.proto.DataClass;
import dev.boxmaker.proto.SessionId;
import dev.boxmaker.proto.log.AssistantRecord;
import dev.boxmaker.proto.log.LogRecord;
import dev.boxmaker.proto.log.SessionLogWriter;
import dev.boxmaker.proto.log.ToolCall;
import dev.boxmaker.proto.log.ToolResultRecord;
import dev.boxmaker.proto.log.UserRecord;
import dev.boxmaker.proto.server.HandlerRefusal;
import dev.boxmaker.proto.wire.msg.Outcome;
import dev.boxmaker.proto.wire.msg.Turn;
import dev.boxmaker.proto.wire.msg.TurnReply;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import java.util.function.BooleanSupplier;
import org.jboss.logging.Logger;

/**
 * One turn of one session (loopd.md, "A turn"): the user record, then model calls and tool calls
 * until the model answers without tool calls or {@link #MODEL_CALLS_MAX} calls were made, every
 * record appended as it happens, then {@code session_updated}. Called by {@link Turns}, one turn of a
 * session at a time.
 */
public final class TurnRunner {
    /** loopd.md, step 4. */
    public static final int MODEL_CALLS_MAX = 16;
    /** Tool calls run from one model answer; the rest are answered without running. */
    public static final int TOOL_CALLS_PER_ANSWER_MAX = 32;

    private static final Logger LOG = Logger.getLogger(TurnRunner.class);

    private final Path home;
    private final ModelClient model;
    private final ToolRunner tools;
    private final MemorySource memory;
    private final long promptTokensMax;
    private final Clock clock;

    /**
     * @param contextTokens  {@code [model] context_tokens}
     * @param maxReplyTokens {@code [model] max_reply_tokens}: kept free for the reply, so a prompt may
     *                       take the rest
     */
    /** The model's last failure, for {@code loop_stats}: {@link ModelClient#lastError}. */
    public String modelError() {
        return model.lastError();
    }

    public TurnRunner(Path home, ModelClient model, ToolRunner tools, MemorySource memory, long contextTokens,
            long maxReplyTokens, Clock clock) {
        this.home = home;
        this.model = model;
        this.tools = tools;
        this.memory = memory;
        this.promptTokensMax = contextTokens - maxReplyTokens;
        this.clock = clock;
    }

    TurnReply run(Session session, Turn turn, BooleanSupplier clientGone) throws HandlerRefusal, InterruptedException {
        SessionId id = turn.session();
        long number = session.nextTurn();
        UserRecord user = new UserRecord(clock.instant(), number, turn.text(), turn.speaker());
        List<ToolResultRecord> cutOff = cutOff(session);
        long needed = session.tokens() + Tokens.message(Messages.of(user));
        for (ToolResultRecord r : cutOff) {
            needed += Tokens.message(Messages.of(r));
        }
        if (needed > promptTokensMax) {
            throw new HandlerRefusal(Sentences.messageNotLogged(Sentences.sessionFull(needed, promptTokensMax)));
        }
        TurnLog log = null;
        try (SessionLogWriter writer = SessionLogWriter.open(home, id)) {
            log = new TurnLog(writer, session);
            try {
                for (ToolResultRecord r : cutOff) {
                    log.append(r);
                }
                log.append(user);
                log.userWritten = true;
                String answer = loop(log, session, id, number, clientGone);
                sessionUpdated(id, number);
                return new TurnReply(id, number, answer);
            } catch (HandlerRefusal e) {
                // Every refusal of the loop comes after the user's record: the owner must not send it again.
                throw new HandlerRefusal(Sentences.messageLogged(e.getMessage()), e.runbook());
            } catch (RuntimeException e) {
                // The server's own answer would say nothing was changed: true only while the log is
                // as it was before the turn.
                if (log.written == 0) {
                    throw e;
                }
                LOG.errorf(e, "session %s: turn %d failed after %d records were written", id.value(), number,
                        log.written);
                throw new HandlerRefusal(Sentences.TURN_FAILED_PARTWAY);
            } catch (InterruptedException e) {
                if (log.written == 0) {
                    throw e;
                }
                Thread.currentThread().interrupt();
                throw new HandlerRefusal(Sentences.TURN_STOPPED_PARTWAY);
            }
        } catch (IOException e) {
            SessionLoader.logIfLink(e);
            String why = Sentences.logWriteFailed(id.value(), e.getMessage());
            throw new HandlerRefusal(log != null && log.userWritten ? Sentences.messageLogged(why)
                    : Sentences.messageNotLogged(why));
        }
    }

    /** The turn's appends: each to the log, then to the session's prompt; counts those on disk. */
    private static final class TurnLog {
        final SessionLogWriter writer;
        final Session session;
        int written;
        /** Whether the turn's {@code user} record is on disk. */
        boolean userWritten;

        TurnLog(SessionLogWriter writer, Session session) {
            this.writer = writer;
            this.session = session;
        }

        void append(LogRecord record) throws IOException {
            writer.append(record);
            written++;
            session.add(record);
        }
    }

    /** Model calls until an answer; the answer's text. Every record is on disk before the next step. */
    private String loop(TurnLog log, Session session, SessionId id, long number, BooleanSupplier clientGone)
            throws IOException, HandlerRefusal, InterruptedException {
        for (int call = 1; call <= MODEL_CALLS_MAX; call++) {
            stopIfGone(clientGone, id, number);
            if (session.tokens() > promptTokensMax) {
                throw new HandlerRefusal(Sentences.sessionFull(session.tokens(), promptTokensMax));
            }
            ModelReply reply;
            try {
                reply = model.call(session.messages(), session.baseline.tools());
            } catch (ModelException e) {
                throw new HandlerRefusal(e.getMessage(), Sentences.RUNBOOK_MODEL);
            }
            log.append(new AssistantRecord(clock.instant(), number, reply.content(), reply.reasoningContent(),
                    reply.toolCalls()));
            if (reply.toolCalls().isEmpty()) {
                return reply.content() == null ? "" : reply.content();
            }
            runTools(log, id, number, reply.toolCalls());
        }
        // The turn is closed in the log like any other, so the next turn starts from a finished one.
        log.append(new AssistantRecord(clock.instant(), number, Sentences.TOO_MANY_CALLS, null, List.of()));
        return Sentences.TOO_MANY_CALLS;
    }

    /**
     * Failed answers to the calls the last turn left without one, so the prompt answers every call
     * right after the message that made it, as OpenAI chat messages must (a strict server refuses the
     * prompt otherwise, at every later turn). They keep the turn they belong to.
     */
    private List<ToolResultRecord> cutOff(Session session) {
        return session.unanswered().stream().map(c -> new ToolResultRecord(clock.instant(), session.lastTurn(), c.id(),
                c.name(), Outcome.FAILED, Sentences.CALL_CUT_OFF, DataClass.PUBLIC, false)).toList();
    }

    private void runTools(TurnLog log, SessionId id, long number, List<ToolCall> calls)
            throws IOException {
        for (int i = 0; i < calls.size(); i++) {
            ToolCall call = calls.get(i);
            ToolResult result = i < TOOL_CALLS_PER_ANSWER_MAX ? tools.run(id, call)
                    : ToolResult.local(Outcome.FAILED, Sentences.tooManyToolCalls(TOOL_CALLS_PER_ANSWER_MAX));
            log.append(new ToolResultRecord(clock.instant(), number, call.id(), call.name(), result.outcome(),
                    result.text(), result.dataClass(), result.untrusted()));
        }
    }

    /**
     * Stops a turn whose client left, before its next model call: nobody reads its answer, and its
     * model and tool calls would only cost. The log keeps what the turn did so far, every tool call
     * answered, as after a stop.
     */
    private static void stopIfGone(BooleanSupplier clientGone, SessionId id, long number) throws HandlerRefusal {
        if (clientGone.getAsBoolean()) {
            LOG.infof("session %s: turn %d stopped, as its client left", id.value(), number);
            throw new HandlerRefusal(Sentences.TURN_STOPPED_PARTWAY);
        }
    }

    /** Best effort (the M5a spec, section 9): memoryd catches up at its next start. */
    private void sessionUpdated(SessionId id, long number) {
        try {
            memory.sessionUpdated(id, number);
        } catch (MemorySource.Unavailable | RuntimeException e) {
            LOG.warnf("memoryd was not told that session %s finished turn %d: %s", id.value(), number, e.getMessage());
        }
    }
}
