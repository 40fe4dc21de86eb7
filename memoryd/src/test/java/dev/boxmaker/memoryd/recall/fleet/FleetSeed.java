package dev.boxmaker.memoryd.recall.fleet;

import dev.boxmaker.memoryd.config.HonchoSettings;
import dev.boxmaker.memoryd.honcho.client.HonchoClient;
import dev.boxmaker.memoryd.honcho.client.HonchoTimeouts;
import dev.boxmaker.memoryd.honcho.client.HonchoWire;
import dev.boxmaker.memoryd.honcho.fake.FakeHoncho;
import dev.boxmaker.memoryd.threads.MemorydThreads;
import dev.boxmaker.proto.DataClass;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Test support: what other agents wrote to a fake Honcho, written through memoryd's own client as
 * their memoryd would, and the {@code [honcho]} of the agent that reads it ({@code boxmaker0}, owner
 * {@code kyle}).
 */
public final class FleetSeed {
    public static final String AGENT = "boxmaker0";
    public static final String OWNER = "kyle";
    public static final String TRUSTED = "bx0-trusted";
    public static final String UNTRUSTED = "bx0-untrusted";
    public static final String FLEET = "bx-fleet";

    private FleetSeed() {
    }

    /** boxmaker0's settings on {@code fake}, reading {@code reads}. */
    public static HonchoSettings settings(FakeHoncho fake, List<HonchoSettings.ReadWorkspace> reads) {
        return new HonchoSettings(fake.url(), AGENT, OWNER, TRUSTED, UNTRUSTED, FLEET, reads, Map.of());
    }

    public static HonchoSettings.ReadWorkspace read(String agent, String workspace, boolean trusted, DataClass c) {
        return new HonchoSettings.ReadWorkspace(agent, workspace, trusted, c);
    }

    /** Messages from {@code peer} in session {@code session} of {@code workspace} (made if new), at {@code times}. */
    public static void messages(FakeHoncho fake, String workspace, String session, String peer,
            List<String> texts, List<String> times) throws Exception {
        try (HonchoClient client = client(fake, workspace)) {
            client.createWorkspace(null, null);
            client.createSession(session, Map.of(peer, new HonchoWire.SessionPeer(null, null)));
            for (int i = 0; i < texts.size(); i++) {
                client.addMessages(session, List.of(new HonchoWire.MessageCreate(peer, texts.get(i), null,
                        times.get(i))));
            }
        }
    }

    /** A conclusion of {@code peer} about itself, as memoryd mirrors a memory write; its {@code created_at}. */
    public static String conclusion(FakeHoncho fake, String workspace, String peer, String text) throws Exception {
        try (HonchoClient client = client(fake, workspace)) {
            client.createWorkspace(null, null);
            client.createPeer(peer, null);
            return client.createConclusions(List.of(new HonchoWire.ConclusionCreate(text, peer, peer, null)))
                    .get(0).createdAt();
        }
    }

    /** {@code honcho}'s recall sources with read clients of {@code timeouts} and each source's {@code limit}. */
    public static FleetRecall open(HonchoSettings honcho, HonchoTimeouts timeouts, java.time.Duration limit) {
        return FleetRecall.open(honcho, timeouts, limit, MemorydThreads.start().honchoRecall());
    }

    private static HonchoClient client(FakeHoncho fake, String workspace) {
        return HonchoClient.create(fake.url(), workspace, Optional.empty(), HonchoTimeouts.DEFAULT);
    }
}
