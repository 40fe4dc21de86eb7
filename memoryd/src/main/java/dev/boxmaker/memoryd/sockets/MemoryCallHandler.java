package dev.boxmaker.memoryd.sockets;

import dev.boxmaker.memoryd.Sentences;
import dev.boxmaker.memoryd.index.MemoryIndex;
import dev.boxmaker.memoryd.recall.Recall;
import dev.boxmaker.memoryd.tool.MemoryStore;
import dev.boxmaker.proto.DataClass;
import dev.boxmaker.proto.server.Handler;
import dev.boxmaker.proto.wire.msg.MemoryCall;
import dev.boxmaker.proto.wire.msg.Message;
import dev.boxmaker.proto.wire.msg.Outcome;
import dev.boxmaker.proto.wire.msg.ToolResponse;
import java.io.IOException;
import org.jboss.logging.Logger;

/**
 * {@code memory_call} on brokerd's socket: a decided {@code memory} or {@code recall} call, with the
 * session's state. A file operation that fails answers {@code failed}; the durable writes leave each
 * file as it was or as it became, never a mix.
 */
public final class MemoryCallHandler implements Handler<MemoryCall> {
    private static final Logger LOG = Logger.getLogger(MemoryCallHandler.class);

    static final String MEMORY = "memory";
    static final String RECALL = "recall";

    private final MemoryStore store;
    private final Recall recall;
    private final MemoryIndex index;

    public MemoryCallHandler(MemoryStore store, Recall recall, MemoryIndex index) {
        this.store = store;
        this.recall = recall;
        this.index = index;
    }

    /** notes.md only grows, so its size tells whether a call appended to it; -1 when unreadable. */
    private long notesSize() {
        try {
            return java.nio.file.Files.size(store.files().notes().path());
        } catch (IOException e) {
            return -1;
        }
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
        long notesBefore = notesSize();
        try {
            return store.call(request);
        } catch (IOException e) {
            LOG.errorf("a memory call failed on a file operation: %s", e.getClass().getSimpleName());
            return new ToolResponse(request.request().call(), Outcome.FAILED, Sentences.STORE_FAILED,
                    dataClass, request.untrusted(), null);
        } finally {
            // A note appended, or an entry moved or dropped to notes.md, reaches the index now; an
            // edit that left notes.md alone does not wake the index's writer (its disk work would
            // compete with the next edit's flushes).
            if (notesSize() != notesBefore) {
                index.notesChanged();
            }
        }
    }
}
