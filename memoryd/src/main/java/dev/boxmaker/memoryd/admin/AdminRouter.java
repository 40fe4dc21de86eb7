package dev.boxmaker.memoryd.admin;

import dev.boxmaker.memoryd.sentences.ReviewSentences;
import dev.boxmaker.memoryd.sentences.SyncSentences;
import dev.boxmaker.memoryd.ask.AskMemory;
import dev.boxmaker.memoryd.block.BlockBuilder;
import dev.boxmaker.memoryd.honcho.sync.HonchoSync;
import dev.boxmaker.memoryd.honcho.sync.SyncText;
import dev.boxmaker.memoryd.recall.Recall;
import dev.boxmaker.memoryd.tool.Answer;
import dev.boxmaker.memoryd.tool.MemoryStore;
import dev.boxmaker.memoryd.tool.OwnerAnswer;
import dev.boxmaker.proto.owner.OwnerJson;
import dev.boxmaker.proto.server.HandlerRefusal;
import dev.boxmaker.proto.wire.msg.Outcome;
import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.function.Supplier;

/**
 * The owner's {@code memory_admin} commands by name: the one place a command's name meets its call.
 * The store's {@code log}, {@code undo}, {@code pending}, {@code accept}, {@code reject}; {@code show}
 * (the block a new session would get), {@code search} (recall's hits for the owner; the argument is
 * recall's arguments as JSON), {@code ask} (ask_memory's answer for the owner; the argument is its
 * arguments as JSON; up to 150 s), {@code reindex-progress} (the records a running reindex has read, or
 * empty text) and {@code sync} (the Honcho ledger's state; argument {@code json} for the document,
 * and without {@code [honcho]} the one sentence that says so). Any other name is refused with
 * {@code ReviewSentences.unknownCommand}. A failed store write throws {@code StoreFailure} with its sentence.
 */
public final class AdminRouter {
    public static final String LOG = "log";
    public static final String UNDO = "undo";
    public static final String PENDING = "pending";
    public static final String ACCEPT = "accept";
    public static final String REJECT = "reject";
    public static final String SHOW = "show";
    public static final String SEARCH = "search";
    public static final String REINDEX_PROGRESS = "reindex-progress";
    public static final String SYNC = "sync";
    public static final String ASK = "ask";

    /** {@code sync}'s one argument: the report as a JSON document. */
    public static final String SYNC_JSON = "json";

    /** The most edits {@code log} lists at once. */
    public static final int LOG_EDITS_MAX = 1_000;

    /** What {@code log} lists when no number is given (bxctl.md). */
    public static final int LOG_EDITS_DEFAULT = 20;

    /** The word between a page's size and the id it ends before: {@code log "200 before 2026-09-24-0003"}. */
    public static final String LOG_BEFORE = "before";

    /** One command: its answer to the command's argument; {@code show} refuses a broken file with its runbook. */
    @FunctionalInterface
    public interface Command {
        OwnerAnswer run(String arg) throws IOException, HandlerRefusal;
    }

    private final Map<String, Command> commands;

    /**
     * The commands whose {@code --json} answer is not the text's answer with fields: their documents.
     * Every other command answers {@code --json} with its {@link OwnerAnswer#json()}, or
     * {@code {"message": text}} when it has none.
     */
    private final Map<String, Command> jsonCommands;

    private AdminRouter(Map<String, Command> commands, Map<String, Command> jsonCommands) {
        this.commands = Map.copyOf(commands);
        this.jsonCommands = Map.copyOf(jsonCommands);
    }

    /** The store's commands alone: log, undo, pending, accept, reject. */
    public static AdminRouter ofStore(MemoryStore store) {
        return new AdminRouter(storeCommands(store), storeJsonCommands(store));
    }

    /** Every command of a memoryd; {@code honcho} is the Honcho write path with {@code [honcho]}. */
    public static AdminRouter of(MemoryStore store, BlockBuilder block, Recall recall, AskMemory ask,
            Supplier<OptionalLong> reindexProgress, Optional<HonchoSync> honcho) {
        Map<String, Command> commands = storeCommands(store);
        commands.put(SHOW, arg -> OwnerAnswer.ok(block.build()));
        commands.put(SEARCH, arg -> owners(recall.search(arg)));
        commands.put(ASK, arg -> owners(ask.owner(arg)));
        commands.put(REINDEX_PROGRESS, arg -> {
            OptionalLong read = reindexProgress.get();
            return OwnerAnswer.ok(read.isPresent() ? Long.toString(read.getAsLong()) : "");
        });
        commands.put(SYNC, arg -> sync(honcho, arg));
        Map<String, Command> json = storeJsonCommands(store);
        json.put(SHOW, arg -> OwnerAnswer.ok(ShowJson.show(block.build(), store.files())));
        json.put(SYNC, arg -> sync(honcho, arg.isEmpty() ? SYNC_JSON : arg));
        json.put(SEARCH, arg -> owners(recall.searchJson(arg)));
        json.put(ASK, arg -> {
            Answer answer = ask.owner(arg);
            return answer.outcome() == Outcome.OK ? OwnerAnswer.ok(askJson(answer)) : OwnerAnswer.refused(answer.text());
        });
        return new AdminRouter(commands, json);
    }

    private static Map<String, Command> storeJsonCommands(MemoryStore store) {
        Map<String, Command> commands = new LinkedHashMap<>();
        commands.put(LOG, arg -> LogArg.json(store, arg));
        commands.put(PENDING, arg -> OwnerAnswer.ok(store.pendingJson()));
        return commands;
    }

    private static Map<String, Command> storeCommands(MemoryStore store) {
        Map<String, Command> commands = new LinkedHashMap<>();
        commands.put(LOG, arg -> log(store, arg));
        commands.put(UNDO, store::undo);
        commands.put(PENDING, arg -> OwnerAnswer.ok(store.pending()));
        commands.put(ACCEPT, store::accept);
        commands.put(REJECT, store::reject);
        return commands;
    }

    /** Runs {@code command} with {@code arg}; an unknown command is refused. */
    public OwnerAnswer run(String command, String arg) throws IOException, HandlerRefusal {
        Command found = commands.get(command);
        return found == null ? OwnerAnswer.refused(ReviewSentences.unknownCommand(command)) : found.run(arg);
    }

    /**
     * Runs {@code command} for {@code --json}: its answer's {@link OwnerAnswer#text()} is the JSON
     * document bxctl prints; a refusal is refused as in {@link #run(String, String)}.
     */
    public OwnerAnswer runJson(String command, String arg) throws IOException, HandlerRefusal {
        Command json = jsonCommands.get(command);
        OwnerAnswer answer = json != null ? json.run(arg) : run(command, arg);
        if (!answer.ok() || json != null) {
            return answer;
        }
        return OwnerAnswer.ok(answer.json() != null ? answer.json() : OwnerJson.message(answer.text()));
    }

    private static OwnerAnswer owners(Answer answer) {
        return answer.outcome() == Outcome.OK ? OwnerAnswer.ok(answer.text()) : OwnerAnswer.refused(answer.text());
    }

    /** {@code {"answer": text, "class": …, "untrusted": bool}}: ask_memory's answer raw, with the label the model's would get. */
    private static String askJson(Answer answer) {
        return OwnerJson.document(g -> {
            g.writeStartObject();
            g.writeStringField("answer", answer.text());
            g.writeStringField("class", answer.label().dataClass().wire());
            g.writeBooleanField("untrusted", answer.label().untrusted());
            g.writeEndObject();
        });
    }

    private static OwnerAnswer sync(Optional<HonchoSync> honcho, String arg) {
        if (!arg.isEmpty() && !arg.equals(SYNC_JSON)) {
            return OwnerAnswer.refused(SyncSentences.syncArgInvalid(arg));
        }
        if (honcho.isEmpty()) {
            return OwnerAnswer.ok(arg.isEmpty() ? SyncSentences.FLEET_MEMORY_NOT_CONFIGURED : SyncText.notConfiguredJson());
        }
        var report = honcho.get().report();
        return OwnerAnswer.ok(arg.isEmpty() ? SyncText.text(report) : SyncText.json(report));
    }

    /** {@code ""}, {@code "N"}: the last edits; {@code "N before ID"}: a page of the edits journalled before ID. */
    private static OwnerAnswer log(MemoryStore store, String arg) throws IOException {
        return LogArg.text(store, arg);
    }
}
