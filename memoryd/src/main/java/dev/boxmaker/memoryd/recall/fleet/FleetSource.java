package dev.boxmaker.memoryd.recall.fleet;

import dev.boxmaker.memoryd.honcho.client.HonchoClient;
import dev.boxmaker.proto.DataClass;
import java.util.Optional;

/**
 * One Honcho source of recall (the M5c spec, section 8): another agent's workspace of
 * {@code [[honcho.read]]}, searched for messages and queried for the conclusions of that agent's peer
 * and of the owner's; or the fleet workspace, searched for messages.
 *
 * @param name      as headers and unavailable lines show it
 * @param client    the workspace's read client (its key, its short limits)
 * @param trusted   whether the owner labelled the workspace trusted; the fleet never is
 * @param dataClass the workspace's class; the fleet's is private
 * @param agentPeer the other agent's peer, whose conclusions are queried; empty for the fleet
 */
public record FleetSource(String name, HonchoClient client, boolean trusted, DataClass dataClass,
        Optional<String> agentPeer) {
    /** Whether this is the fleet workspace (notes), not another agent's (turns and conclusions). */
    public boolean fleet() {
        return agentPeer.isEmpty();
    }
}
