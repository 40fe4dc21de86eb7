package dev.boxmaker.memoryd.sockets;

import dev.boxmaker.memoryd.sentences.StoreSentences;
import dev.boxmaker.memoryd.ask.AskMemory;
import dev.boxmaker.memoryd.recall.Recall;
import dev.boxmaker.memoryd.tool.CallTurns;
import dev.boxmaker.memoryd.tool.MemoryStore;
import dev.boxmaker.proto.DataClass;
import dev.boxmaker.proto.server.AsyncHandler;
import dev.boxmaker.proto.wire.msg.MemoryCall;
import dev.boxmaker.proto.wire.msg.Message;
import dev.boxmaker.proto.wire.msg.Outcome;
import dev.boxmaker.proto.wire.msg.ToolResponse;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/**
 * {@code memory_call} on brokerd's socket: a decided {@code memory}, {@code recall} or
 * {@code ask_memory} call, with the session's state, each a call of recall, the store or ask_memory.
 * A write whose file operation fails answers {@code failed}, taken back whole (docs/decisions.md, "A
 * write answered failed"); a session past its write limit is refused before the store is asked.
 * ask_memory's chats take up to 150 s and recall's Honcho sources up to 5 s, so their answers come as
 * a stage and hold no worker of the socket meanwhile.
 */
public final class MemoryCallHandler implements AsyncHandler<MemoryCall> {
    static final String MEMORY = "memory";
    static final String RECALL = "recall";
    static final String ASK_MEMORY = dev.boxmaker.proto.tools.ToolContract.ASK_MEMORY;

    private final MemoryStore store;
    private final Recall recall;
    private final SessionWriteLimit limit;
    private final AskMemory ask;
    private final CallTurns turns;

    /** Without {@code [honcho]}: ask_memory answers that fleet memory is not configured. */
    public MemoryCallHandler(MemoryStore store, Recall recall) {
        this(store, recall, AskMemory.notConfigured());
    }

    /** Without the sessions' logs: each edit's turn is null. */
    public MemoryCallHandler(MemoryStore store, Recall recall, AskMemory ask) {
        this(store, recall, ask, CallTurns.NONE);
    }

    /** A memory call's edit keeps the turn {@code turns} reads from the session's log. */
    public MemoryCallHandler(MemoryStore store, Recall recall, AskMemory ask, CallTurns turns) {
        this(store, recall, new SessionWriteLimit(), ask, turns);
    }

    MemoryCallHandler(MemoryStore store, Recall recall, SessionWriteLimit limit) {
        this(store, recall, limit, AskMemory.notConfigured(), CallTurns.NONE);
    }

    private MemoryCallHandler(MemoryStore store, Recall recall, SessionWriteLimit limit, AskMemory ask,
            CallTurns turns) {
        this.store = store;
        this.recall = recall;
        this.limit = limit;
        this.ask = ask;
        this.turns = turns;
    }

    @Override
    public CompletionStage<Message> handleAsync(MemoryCall request) {
        if (request.request().tool().equals(ASK_MEMORY)) {
            return ask.call(request).thenApply(response -> response);
        }
        if (request.request().tool().equals(RECALL)) {
            return recall.callLater(request).thenApply(response -> response);
        }
        return CompletableFuture.completedFuture(handle(request));
    }

    /** A recall or memory call, answered on the calling thread; ask_memory's answer waited for. */
    @Override
    public Message handle(MemoryCall request) {
        String tool = request.request().tool();
        if (tool.equals(ASK_MEMORY)) {
            return ask.call(request).toCompletableFuture().join();
        }
        DataClass dataClass = request.taint().max(DataClass.PRIVATE);
        if (tool.equals(RECALL)) {
            return recall.call(request);
        }
        if (!tool.equals(MEMORY)) {
            return new ToolResponse(request.request().call(), Outcome.REFUSED,
                    StoreSentences.toolNotServed(tool), dataClass, request.untrusted(), null);
        }
        if (!limit.allow(request.request().session().value())) {
            return new ToolResponse(request.request().call(), Outcome.REFUSED,
                    StoreSentences.sessionWriteLimit(SessionWriteLimit.SESSION_WRITES_PER_MINUTE_MAX,
                            SessionWriteLimit.WINDOW_SECONDS), dataClass, request.untrusted(), null);
        }
        // The store tells the index of what it wrote to notes.md (MemoryStore.onNotesChanged).
        return store.call(request, turns.of(request.request().session()));
    }
}
