package dev.boxmaker.memoryd.ask;

import dev.boxmaker.memoryd.config.HonchoSettings;
import dev.boxmaker.memoryd.honcho.client.HonchoClient;
import dev.boxmaker.memoryd.honcho.client.HonchoClients;
import dev.boxmaker.memoryd.honcho.client.HonchoTimeouts;
import dev.boxmaker.memoryd.honcho.client.HonchoWire.MessageCreate;
import dev.boxmaker.memoryd.honcho.client.HonchoWire.SessionPeer;
import dev.boxmaker.memoryd.honcho.fake.FakeHoncho;
import dev.boxmaker.proto.DataClass;
import dev.boxmaker.proto.Json;
import dev.boxmaker.proto.secrets.Secret;
import dev.boxmaker.proto.testing.LogLines;
import dev.boxmaker.memoryd.tool.Answer;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.logging.Level;

/**
 * The fake Honcho with this agent's three workspaces and two other agents' (b1, labelled trusted; b2,
 * untrusted and secret), a client per workspace, and the log lines of the Honcho client.
 */
final class AskRig implements AutoCloseable {
    static final String AGENT = "bx";
    static final String KEY = "hk-untrusted-5e6f7a8b";
    /** Long enough for a first call in a cold JVM on a loaded machine; the tests' limits are ask_memory's own. */
    static final HonchoTimeouts SHORT = new HonchoTimeouts(Duration.ofSeconds(5), Duration.ofSeconds(10),
            Duration.ofSeconds(10), 0, Duration.ofMillis(50));

    final FakeHoncho fake = FakeHoncho.start();
    final HonchoSettings settings = new HonchoSettings(fake.url(), AGENT, "kyle", "bx-trusted", "bx-untrusted", "fleet",
            List.of(new HonchoSettings.ReadWorkspace("b1", "b1-trusted", true, DataClass.PRIVATE),
                    new HonchoSettings.ReadWorkspace("b2", "b2-trusted", false, DataClass.SECRET)),
            Map.of("honcho_untrusted", Secret.of("honcho_untrusted", KEY)));
    final HonchoClients clients = HonchoClients.open(settings, SHORT);
    final LogLines logs = LogLines.of(ChatRoute.class.getName(), Level.INFO);

    /** One message in {@code workspace}, from the owner, in session s1, whose members are the owner and {@code members}. */
    void seed(String workspace, String content, String... members) throws Exception {
        HonchoClient client = clients.client(workspace).orElseThrow();
        client.createWorkspace(null, null);
        Map<String, SessionPeer> peers = new java.util.LinkedHashMap<>();
        peers.put("kyle", new SessionPeer(true, null));
        for (String member : members) {
            peers.put(member, new SessionPeer(false, null));
        }
        client.createSession("s1", peers);
        client.addMessages("s1", List.of(new MessageCreate("kyle", content, null, null)));
    }

    /** A fleet note by {@code peer}, made at {@code at} (ISO-8601, UTC). */
    void note(String peer, String content, String at) throws Exception {
        HonchoClient client = clients.client("fleet").orElseThrow();
        client.createWorkspace(null, null);
        client.createSession("notes", Map.of(peer, new SessionPeer(false, null)));
        client.addMessages("notes", List.of(new MessageCreate(peer, content, null, at)));
    }

    /**
     * Every workspace seeded with a sentence of its own, each holding the word "launch": the agent's
     * own with the owner's turns, another agent's with that agent a member of the session, the fleet
     * with a note by b2.
     */
    void seedAll() throws Exception {
        seed("bx-trusted", "own: the launch moved to Friday");
        seed("bx-untrusted", "untrusted: a page said the launch is cancelled");
        note("b2", "b2 noted the launch room is 4B", NOTE_AT);
        seed("b1-trusted", "b1: the launch needs the owner's sign-off", "b1");
        seed("b2-trusted", "b2: launch budget is 40k", "b2");
        fake.clearRequests();
    }

    /** When the seeded fleet note was made, and as recall's header shows it. */
    static final String NOTE_AT = "2026-12-02T10:40:00Z";
    static final String NOTE_SHOWN = "2026-12-02 10:40 UTC";

    /** The requests so far as {@code METHOD path}, in order. */
    List<String> requests() {
        return fake.requests().stream().map(r -> r.method() + " " + r.path()).toList();
    }

    /** The lines of ask_memory's server recognition log, in order. */
    List<String> logLines() {
        return logs.lines();
    }

    static ObjectNode args(String question, String... workspaces) {
        ObjectNode args = Json.MAPPER.createObjectNode().put("question", question);
        if (workspaces.length > 0) {
            var list = args.putArray("workspaces");
            for (String w : workspaces) {
                list.add(w);
            }
        }
        return args;
    }

    static Answer ask(AskMemory ask, ObjectNode args) {
        return ask.answer(args).await().atMost(Duration.ofSeconds(30));
    }

    @Override
    public void close() {
        logs.close();
        clients.close();
        fake.close();
    }
}
