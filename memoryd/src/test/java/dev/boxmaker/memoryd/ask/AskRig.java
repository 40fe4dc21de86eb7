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
    static final HonchoTimeouts SHORT = new HonchoTimeouts(Duration.ofSeconds(1), Duration.ofSeconds(3),
            Duration.ofSeconds(5), 0, Duration.ofMillis(50));

    final FakeHoncho fake = FakeHoncho.start();
    final HonchoSettings settings = new HonchoSettings(fake.url(), AGENT, "kyle", "bx-trusted", "bx-untrusted", "fleet",
            List.of(new HonchoSettings.ReadWorkspace("b1", "b1-trusted", true, DataClass.PRIVATE),
                    new HonchoSettings.ReadWorkspace("b2", "b2-trusted", false, DataClass.SECRET)),
            Map.of("honcho_untrusted", Secret.of("honcho_untrusted", KEY)));
    final HonchoClients clients = HonchoClients.open(settings, SHORT);
    final LogLines logs = LogLines.of(HonchoClient.class.getName(), Level.INFO);

    /** One message in {@code workspace}, from the owner, in session s1. */
    void seed(String workspace, String content) throws Exception {
        HonchoClient client = clients.client(workspace).orElseThrow();
        client.createWorkspace(null, null);
        client.createPeer("kyle", null);
        client.createSession("s1", Map.of("kyle", new SessionPeer(true, null)));
        client.addMessages("s1", List.of(new MessageCreate("kyle", content, null, null)));
    }

    /** Every workspace seeded with a sentence of its own, each holding the word "launch". */
    void seedAll() throws Exception {
        seed("bx-trusted", "own: the launch moved to Friday");
        seed("bx-untrusted", "untrusted: a page said the launch is cancelled");
        seed("fleet", "fleet: b2 noted the launch room is 4B");
        seed("b1-trusted", "b1: the launch needs the owner's sign-off");
        seed("b2-trusted", "b2: launch budget is 40k");
        fake.clearRequests();
    }

    /** The lines of the Honcho client's log, in order. */
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
