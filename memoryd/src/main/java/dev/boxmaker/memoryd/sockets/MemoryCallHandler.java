package dev.boxmaker.memoryd.sockets;

import dev.boxmaker.memoryd.Sentences;
import dev.boxmaker.memoryd.ask.AskMemory;
import dev.boxmaker.memoryd.index.MemoryIndex;
import dev.boxmaker.memoryd.recall.Recall;
import dev.boxmaker.memoryd.tool.MemoryStore;
import dev.boxmaker.proto.DataClass;
import dev.boxmaker.proto.server.AsyncHandler;
import dev.boxmaker.proto.wire.msg.MemoryCall;
import dev.boxmaker.proto.wire.msg.Message;
import dev.boxmaker.proto.wire.msg.Outcome;
import dev.boxmaker.proto.wire.msg.ToolResponse;
import java.io.IOException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/**
 * {@code memory_call} on brokerd's socket: a decided {@code memory}, {@code recall} or
 * {@code ask_memory} call, with the session's state. A write whose file operation fails answers
 * {@code failed}, taken back whole (docs/decisions.md, "A write answered failed"). ask_memory's chats
 * take up to 150 s, so its answer comes as a stage and holds no worker of the socket meanwhile.
 */
public final class MemoryCallHandler implements AsyncHandler<MemoryCall> {
    static final String MEMORY = "memory";
    static final String RECALL = "recall";
    static final String ASK_MEMORY = dev.boxmaker.proto.tools.ToolContract.ASK_MEMORY;

    private final MemoryStore store;
    private final Recall recall;
    private final MemoryIndex index;
    private final SessionWriteLimit limit;
    private final AskMemory ask;

    /** Without {@code [honcho]}: ask_memory answers that fleet memory is not configured. */
    public MemoryCallHandler(MemoryStore store, Recall recall, MemoryIndex index) {
        this(store, recall, index, new SessionWriteLimit(), AskMemory.notConfigured());
    }

    public MemoryCallHandler(MemoryStore store, Recall recall, MemoryIndex index, AskMemory ask) {
        this(store, recall, index, new SessionWriteLimit(), ask);
    }

    MemoryCallHandler(MemoryStore store, Recall recall, MemoryIndex index, SessionWriteLimit limit) {
        this(store, recall, index, limit, AskMemory.notConfigured());
    }

    private MemoryCallHandler(MemoryStore store, Recall recall, MemoryIndex index, SessionWriteLimit limit,
            AskMemory ask) {
        this.store = store;
        this.recall = recall;
        this.index = index;
        this.limit = limit;
        this.ask = ask;
    }

    @Override
    public CompletionStage<Message> handleAsync(MemoryCall request) {
        if (request.request().tool().equals(ASK_MEMORY)) {
            return ask.call(request).thenApply(response -> response);
        }
        return CompletableFuture.completedFuture(handle(request));
    }

    /** notes.md only grows, so its size tells whether a call appended to it; -1 when unreadable. */
    private long notesSize() {
        try {
            return java.nio.file.Files.size(store.files().notes().path());
        } catch (IOException e) {
            return -1;
        }
    }

    /** A recall or memory call, answered on the calling thread; ask_memory's answer waited for. */
    @Override
    public Message handle(MemoryCall request) {
        String tool = request.request().tool();
        DataClass dataClass = request.taint().max(DataClass.PRIVATE);
        if (tool.equals(RECALL)) {
            return recall.call(request);
        }
        if (tool.equals(ASK_MEMORY)) {
            return ask.call(request).toCompletableFuture().join();
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
        long notesBefore = notesSize();
        ToolResponse response = store.call(request);
        // A note appended, or an entry moved or dropped to notes.md, reaches the index now; an edit
        // that left notes.md alone does not wake the index's writer (its disk work would compete with
        // the next edit's flushes). A failed write may have appended and cut back what the index
        // read meanwhile, so it wakes it too.
        if (response.outcome() == Outcome.FAILED || notesSize() != notesBefore) {
            index.notesChanged();
        }
        return response;
    }
}
