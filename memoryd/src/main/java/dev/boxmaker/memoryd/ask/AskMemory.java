package dev.boxmaker.memoryd.ask;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.boxmaker.memoryd.sentences.AskSentences;
import dev.boxmaker.memoryd.config.HonchoSettings;
import dev.boxmaker.memoryd.honcho.client.CallPool;
import dev.boxmaker.memoryd.threads.MemorydThreads;
import dev.boxmaker.memoryd.honcho.client.HonchoClient;
import dev.boxmaker.memoryd.honcho.client.HonchoClients;
import dev.boxmaker.memoryd.honcho.client.HonchoTimeouts;
import dev.boxmaker.memoryd.tool.Answer;
import dev.boxmaker.proto.Json;
import dev.boxmaker.proto.Label;
import dev.boxmaker.proto.tools.AskRequest;
import dev.boxmaker.proto.wire.msg.MemoryCall;
import dev.boxmaker.proto.wire.msg.ToolResponse;
import io.smallrye.mutiny.Uni;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.CompletionStage;
import org.jboss.logging.Logger;

/**
 * The {@code ask_memory} tool (the M5c spec, section 9; docs/decisions.md, "ask_memory without
 * workspace chat"): each named workspace asked by its own calls ({@link WorkspaceAsk}), all at once and
 * run {@link #CHATS_AT_ONCE_MAX} at a time on blocking threads, each within {@link #WORKSPACE_SECONDS}
 * of the call's start (its wait for a thread included, so a call ends within that limit however its
 * chats queue). A workspace none of whose calls answered in time is one line,
 * {@code <workspace>: unavailable}; the others still answer. Without {@code [honcho]} it answers one
 * sentence. The answer's label is every reply's label combined, so a tainted reply taints the session
 * as a recall hit does.
 */
public final class AskMemory implements AutoCloseable {
    /** Each workspace's limit, from the call's start. */
    public static final long WORKSPACE_SECONDS = 150;
    private static final Logger LOG = Logger.getLogger(AskMemory.class);

    private final AskTargets targets;
    private final HonchoClients clients;
    private final WorkspaceAsk asks;
    private final String owner;
    private final Duration limit;
    /** Chats running at once, across every call (the M5c spec, section 9): {@code MemorydThreads#ask}'s threads. */
    static final int CHATS_AT_ONCE_MAX = MemorydThreads.ASK_THREADS;

    private final CallPool pool;

    private AskMemory(HonchoSettings honcho, HonchoClients clients, Duration limit, ThreadPoolExecutor chats) {
        this.targets = honcho == null ? null : new AskTargets(honcho);
        this.clients = clients;
        this.asks = honcho == null ? null : new WorkspaceAsk(new ChatRoute(honcho.url(), HonchoTimeouts.DEFAULT),
                honcho.owner(), honcho.agent());
        this.owner = honcho == null ? null : honcho.owner();
        this.limit = limit;
        // A chat cancelled at its limit keeps its place until its request ends (its client's chat
        // timeout): a place given back early would send another chat while the first is still in flight.
        this.pool = targets == null ? null
                : new CallPool(chats, CallPool.Running.HOLDS_ITS_PLACE);
    }

    /** A memoryd without {@code [honcho]}: every call answers that fleet memory is not configured. */
    public static AskMemory notConfigured() {
        return new AskMemory(null, null, Duration.ZERO, null);
    }

    /**
     * Asks the workspaces of {@code honcho} through {@code clients} (shared with the write path; not
     * closed here), its chats on {@code chats} ({@code MemorydThreads#ask}).
     */
    public static AskMemory of(HonchoSettings honcho, HonchoClients clients, ThreadPoolExecutor chats) {
        return of(honcho, clients, Duration.ofSeconds(WORKSPACE_SECONDS), chats);
    }

    /** With another limit per workspace, for tests. */
    public static AskMemory of(HonchoSettings honcho, HonchoClients clients, Duration limit, ThreadPoolExecutor chats) {
        return new AskMemory(honcho, clients, limit, chats);
    }

    /** The longest an answer takes: each workspace's limit, and a margin for the answer's own work. */
    public Duration longest() {
        return limit.plusSeconds(5);
    }

    /** The answer to a decided call; the stage never fails. */
    public CompletionStage<ToolResponse> call(MemoryCall call) {
        String id = call.request().call();
        return answer(call.request().args()).map(a -> a.toResponse(id)).subscribeAsCompletionStage();
    }

    /** The tool's answer to {@code args}: refused for a wrong shape or an unknown name, else the replies. */
    public Uni<Answer> answer(ObjectNode args) {
        if (targets == null) {
            return Uni.createFrom().item(Answer.refused(AskSentences.ASK_MEMORY_NOT_CONFIGURED, Label.SESSION_START));
        }
        AskArgs.Result parsed = AskArgs.parse(args);
        if (parsed.request().isEmpty()) {
            return Uni.createFrom().item(Answer.refused(parsed.refusal(), Label.SESSION_START));
        }
        AskRequest request = parsed.request().get();
        List<AskTarget> asked;
        try {
            asked = targets.resolve(request.workspaces());
        } catch (AskTargets.Unknown e) {
            return Uni.createFrom().item(Answer.refused(e.getMessage(), Label.SESSION_START));
        }
        List<Uni<AskText.Reply>> replies = new ArrayList<>(asked.size());
        for (AskTarget target : asked) {
            replies.add(reply(target, request.question(), request.reasoning()));
        }
        return Uni.join().all(replies).andFailFast()
                .map(all -> Answer.ok(AskText.render(all, owner), label(all)));
    }

    /**
     * The owner's ask ({@code bxctl memory ask}): {@code arg} is ask_memory's arguments as JSON; the
     * same answer the model would get, without a label, since it goes to the owner.
     */
    public Answer owner(String arg) {
        JsonNode node;
        try {
            node = Json.MAPPER.readTree(arg);
        } catch (IOException e) {
            return Answer.refused(AskSentences.ASK_USAGE, Label.SESSION_START);
        }
        if (!(node instanceof ObjectNode object)) {
            return Answer.refused(AskSentences.ASK_USAGE, Label.SESSION_START);
        }
        return answer(object).await().atMost(longest());
    }

    /** Every reply's label combined; a workspace that did not answer, or had nothing, gave the session nothing. */
    static Label label(List<AskText.Reply> replies) {
        Label label = Label.SESSION_START;
        for (AskText.Reply reply : replies) {
            if (reply.said()) {
                label = label.combine(reply.target().label());
            }
        }
        return label;
    }

    /** One workspace's reply: its calls on the pool, each within the limit. */
    private Uni<AskText.Reply> reply(AskTarget target, String question, String reasoning) {
        HonchoClient client = clients.client(target.workspace()).orElseThrow(
                () -> new IllegalStateException("no Honcho client for a configured workspace"));
        if (target.kind() == AskTarget.Kind.FLEET) {
            return bounded(target, () -> WorkspaceAsk.notes(target, client, question))
                    .map(notes -> notes.map(n -> AskText.Reply.notes(target, n))
                            .orElseGet(() -> AskText.Reply.unavailable(target)));
        }
        List<Uni<Optional<Optional<String>>>> chats = new ArrayList<>();
        for (Callable<Optional<String>> chat : asks.chats(target, client, question, reasoning)) {
            chats.add(bounded(target, chat));
        }
        return Uni.join().all(chats).andFailFast().map(answered -> AskText.Reply.of(target, answered));
    }

    /**
     * One blocking call on the pool, within the limit: its answer, or empty when it failed or did not
     * end in time. Past the limit, or when the call is cancelled, a call still waiting for a thread
     * leaves the queue, never sent; a running one ends by its client's own timeout, holding its place.
     */
    private <T> Uni<Optional<T>> bounded(AskTarget target, Callable<T> work) {
        return pool.run(work).ifNoItem().after(limit).fail()
                .map(Optional::of)
                .onFailure().recoverWithItem(failure -> {
                    // The kind only: a Honcho failure names its workspace and status, never a body.
                    LOG.debugf("ask_memory: %s did not answer (%s)", target.workspace(), failure.getClass().getSimpleName());
                    return Optional.empty();
                });
    }

    /** Stops the chat threads; a chat still running is interrupted. */
    @Override
    public void close() {
        if (pool != null) {
            pool.close();
        }
    }
}
