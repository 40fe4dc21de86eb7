package dev.boxmaker.memoryd.sockets;

import dev.boxmaker.memoryd.ask.AskMemory;
import dev.boxmaker.memoryd.block.BlockBuilder;
import dev.boxmaker.memoryd.index.MemoryIndex;
import dev.boxmaker.memoryd.recall.Recall;
import dev.boxmaker.memoryd.tool.Answer;
import dev.boxmaker.memoryd.tool.MemoryStore;
import dev.boxmaker.memoryd.tool.OwnerAnswer;
import dev.boxmaker.memoryd.tool.StoreFailure;
import dev.boxmaker.proto.server.Handler;
import dev.boxmaker.proto.server.HandlerRefusal;
import dev.boxmaker.proto.wire.msg.MemoryAdmin;
import dev.boxmaker.proto.wire.msg.MemoryAdminReply;
import dev.boxmaker.proto.wire.msg.Message;
import dev.boxmaker.proto.wire.msg.Outcome;
import dev.boxmaker.memoryd.Sentences;
import dev.boxmaker.memoryd.honcho.sync.HonchoSync;
import dev.boxmaker.memoryd.honcho.sync.SyncText;
import java.io.IOException;
import java.util.Optional;

/**
 * {@code memory_admin} on the owner's socket: {@code show} (the block a new session would get),
 * {@code search} (recall's hits for the owner; {@code arg} is recall's arguments as JSON),
 * {@code ask} (ask_memory's answer for the owner; {@code arg} is its arguments as JSON; up to 150 s),
 * {@code reindex-progress} (the records a running reindex has read, or empty text), {@code sync}
 * (the Honcho ledger's state from the worker's memory; {@code arg} {@code json} for the document,
 * and without {@code [honcho]} the one sentence that says so), and the
 * store's {@code log}, {@code undo}, {@code pending}, {@code accept}, {@code reject}. A refusal is an
 * error frame, so bxctl exits 1 with the sentence.
 */
public final class MemoryAdminHandler implements Handler<MemoryAdmin> {
    static final String SHOW = "show";
    static final String SEARCH = "search";
    static final String REINDEX_PROGRESS = "reindex-progress";
    static final String SYNC = "sync";
    static final String SYNC_JSON = "json";
    static final String ASK = "ask";

    private final BlockBuilder block;
    private final MemoryStore store;
    private final Recall recall;
    private final MemoryIndex index;
    private final Optional<HonchoSync> honcho;
    private final AskMemory ask;

    public MemoryAdminHandler(BlockBuilder block, MemoryStore store, Recall recall, MemoryIndex index,
            Optional<HonchoSync> honcho) {
        this(block, store, recall, index, honcho, AskMemory.notConfigured());
    }

    public MemoryAdminHandler(BlockBuilder block, MemoryStore store, Recall recall, MemoryIndex index,
            Optional<HonchoSync> honcho, AskMemory ask) {
        this.ask = ask;
        this.block = block;
        this.store = store;
        this.recall = recall;
        this.index = index;
        this.honcho = honcho;
    }

    @Override
    public Message handle(MemoryAdmin request) throws IOException, HandlerRefusal {
        if (request.command().equals(SHOW)) {
            return new MemoryAdminReply(block.build());
        }
        if (request.command().equals(REINDEX_PROGRESS)) {
            return new MemoryAdminReply(index.reindexProgress().isPresent()
                    ? Long.toString(index.reindexProgress().getAsLong()) : "");
        }
        if (request.command().equals(SYNC)) {
            return sync(request.arg());
        }
        if (request.command().equals(ASK)) {
            Answer answer = ask.owner(request.arg());
            if (answer.outcome() != Outcome.OK) {
                throw new HandlerRefusal(answer.text(), null);
            }
            return new MemoryAdminReply(answer.text());
        }
        if (request.command().equals(SEARCH)) {
            Answer answer = recall.search(request.arg());
            if (answer.outcome() != Outcome.OK) {
                throw new HandlerRefusal(answer.text(), null);
            }
            return new MemoryAdminReply(answer.text());
        }
        OwnerAnswer answer;
        try {
            answer = store.admin(request.command(), request.arg());
        } catch (StoreFailure failure) {
            throw new HandlerRefusal(failure.sentence(), null);
        } finally {
            // An undo of a note appends a retraction; an accept may move entries to notes.md.
            index.notesChanged();
        }
        if (!answer.ok()) {
            throw new HandlerRefusal(answer.text(), null);
        }
        return new MemoryAdminReply(answer.text());
    }

    private Message sync(String arg) throws HandlerRefusal {
        if (!arg.isEmpty() && !arg.equals(SYNC_JSON)) {
            throw new HandlerRefusal(Sentences.syncArgInvalid(arg), null);
        }
        if (honcho.isEmpty()) {
            return new MemoryAdminReply(arg.isEmpty() ? Sentences.FLEET_MEMORY_NOT_CONFIGURED : SyncText.notConfiguredJson());
        }
        var report = honcho.get().report();
        return new MemoryAdminReply(arg.isEmpty() ? SyncText.text(report) : SyncText.json(report));
    }
}
