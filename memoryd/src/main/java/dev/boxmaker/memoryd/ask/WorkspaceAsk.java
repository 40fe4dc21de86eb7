package dev.boxmaker.memoryd.ask;

import dev.boxmaker.memoryd.honcho.client.HonchoClient;
import dev.boxmaker.memoryd.honcho.client.HonchoFailure;
import dev.boxmaker.memoryd.honcho.client.HonchoWire;
import dev.boxmaker.memoryd.recall.fleet.FleetHit;
import dev.boxmaker.memoryd.recall.fleet.FleetRecall;
import dev.boxmaker.proto.text.Escape;
import dev.boxmaker.proto.text.Sanitize;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;

/**
 * The blocking calls that answer one workspace (docs/decisions.md, "ask_memory without workspace
 * chat"). On a server with workspace chat, one workspace chat, asked only where the workspace has a
 * peer. Without (Honcho 3.0.12), peer chat, which reasons as its peer over the sessions that peer
 * belongs to: in the agent's own workspaces as the owner's peer (the owner's conclusions) and as the
 * agent's (its own); in another agent's as that agent's peer. The fleet, whose reasoning is off, is
 * searched for notes on either server. A peer chat gets or creates its peer, so each is asked only
 * after a read found the peer there: a read writes nothing anywhere.
 */
final class WorkspaceAsk {
    /** The most fleet notes one ask gives back. */
    static final int FLEET_NOTES_MAX = 5;

    private final ChatRoute route;
    private final String owner;
    private final String agent;

    WorkspaceAsk(ChatRoute route, String owner, String agent) {
        this.route = route;
        this.owner = owner;
        this.agent = agent;
    }

    /** The chats that answer {@code target} (not the fleet), each a reply or empty. */
    List<Callable<Optional<String>>> chats(AskTarget target, HonchoClient client, String question, String reasoning) {
        Callable<Optional<String>> whole = () -> route.workspaceChat()
                ? (client.hasPeers() ? client.workspaceChat(question, reasoning) : Optional.empty())
                : asPeer(client, target.kind() == AskTarget.Kind.OWN ? owner : target.agentPeer(), question, reasoning);
        if (target.kind() != AskTarget.Kind.OWN) {
            return List.of(whole);
        }
        return List.of(whole, () -> route.workspaceChat() ? Optional.empty() : asPeer(client, agent, question, reasoning));
    }

    /** {@code peer}'s chat about itself, when {@code peer} exists there; empty (nothing asked) when not. */
    private static Optional<String> asPeer(HonchoClient client, String peer, String question, String reasoning)
            throws HonchoFailure {
        return client.hasPeer(peer) ? client.peerChat(peer, null, question, reasoning) : Optional.empty();
    }

    /** The fleet's notes matching {@code question}, from every peer, tagged as recall tags them. */
    static List<FleetHit> notes(AskTarget fleet, HonchoClient client, String question) throws HonchoFailure {
        List<HonchoWire.Message> found = client.search(question, FLEET_NOTES_MAX, null);
        return found.stream().map(m -> new FleetHit(fleet.name(), FleetHit.Kind.NOTE, m.peerId(), false,
                fleet.dataClass(), Sanitize.neutralise(Escape.cut(m.content(), FleetRecall.ARRIVAL_CHARS_MAX)),
                m.createdAt())).toList();
    }
}
