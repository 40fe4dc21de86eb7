package dev.boxmaker.memoryd.sockets;

import dev.boxmaker.memoryd.sentences.Sentences;
import dev.boxmaker.memoryd.recall.Recall;
import dev.boxmaker.memoryd.tool.MemoryStore;
import dev.boxmaker.proto.DataClass;
import dev.boxmaker.proto.server.Handler;
import dev.boxmaker.proto.wire.msg.MemoryCall;
import dev.boxmaker.proto.wire.msg.Message;
import dev.boxmaker.proto.wire.msg.Outcome;
import dev.boxmaker.proto.wire.msg.ToolResponse;

/**
 * {@code memory_call} on brokerd's socket: a decided {@code memory} or {@code recall} call, with the
 * session's state, each a call of recall or the store. A write whose file operation fails answers
 * {@code failed}, taken back whole (docs/decisions.md, "A write answered failed"); a session past its
 * write limit is refused before the store is asked.
 */
public final class MemoryCallHandler implements Handler<MemoryCall> {
    static final String MEMORY = "memory";
    static final String RECALL = "recall";

    private final MemoryStore store;
    private final Recall recall;
    private final SessionWriteLimit limit;

    public MemoryCallHandler(MemoryStore store, Recall recall) {
        this(store, recall, new SessionWriteLimit());
    }

    MemoryCallHandler(MemoryStore store, Recall recall, SessionWriteLimit limit) {
        this.store = store;
        this.recall = recall;
        this.limit = limit;
    }

    @Override
    public Message handle(MemoryCall request) {
        String tool = request.request().tool();
        DataClass dataClass = request.taint().max(DataClass.PRIVATE);
        if (tool.equals(RECALL)) {
            return recall.call(request);
        }
        if (!tool.equals(MEMORY)) {
            return new ToolResponse(request.request().call(), Outcome.REFUSED,
                    Sentences.toolNotServed(tool), dataClass, request.untrusted(), null);
        }
        if (!limit.allow(request.request().session().value())) {
            return new ToolResponse(request.request().call(), Outcome.REFUSED,
                    Sentences.sessionWriteLimit(SessionWriteLimit.SESSION_WRITES_PER_MINUTE_MAX,
                            SessionWriteLimit.WINDOW_SECONDS), dataClass, request.untrusted(), null);
        }
        // The store tells the index of what it wrote to notes.md (MemoryStore.onNotesChanged).
        return store.call(request);
    }
}
