package dev.boxmaker.memoryd.config;

import dev.boxmaker.proto.DataClass;
import dev.boxmaker.proto.secrets.Secret;
import java.net.URI;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * {@code [honcho]} and {@code [[honcho.read]]} checked (the M5c spec, section 10): every name a
 * valid Honcho id, the URL http(s), and the key of each workspace that has one. Immutable.
 *
 * @param url       Honcho's base URL, without {@code /v3}
 * @param agent     this agent's peer (not observed)
 * @param owner     the owner's peer (observed)
 * @param trusted   the trusted workspace
 * @param untrusted the untrusted workspace
 * @param fleet     the fleet workspace, shared by every agent
 * @param reads     other agents' workspaces this agent reads
 * @param keys      the {@code [secrets.NAME]} read at start, by name; {@link #key} picks a workspace's
 */
public record HonchoSettings(
        URI url,
        String agent,
        String owner,
        String trusted,
        String untrusted,
        String fleet,
        List<ReadWorkspace> reads,
        Map<String, Secret> keys) {

    /** The secret holding the trusted workspace's key. */
    public static final String TRUSTED_KEY = "honcho_trusted";
    /** The secret holding the untrusted workspace's key. */
    public static final String UNTRUSTED_KEY = "honcho_untrusted";
    /** The secret holding the fleet workspace's key. */
    public static final String FLEET_KEY = "honcho_fleet";
    /** The prefix of the secret holding another agent's workspace's key: {@code honcho_read_<agent>}. */
    public static final String READ_KEY_PREFIX = "honcho_read_";

    public HonchoSettings {
        reads = List.copyOf(reads);
        keys = Map.copyOf(keys);
    }

    /** One {@code [[honcho.read]]}: {@code trusted} only where the owner wrote it out. */
    public record ReadWorkspace(String agent, String workspace, boolean trusted, DataClass dataClass) {
    }

    /** The key of the workspace whose secret is {@code secretName}, when one is configured. */
    public Optional<Secret> key(String secretName) {
        return Optional.ofNullable(keys.get(secretName));
    }

    /** The secret name of {@code read}'s workspace key. */
    public static String readKey(ReadWorkspace read) {
        return READ_KEY_PREFIX + read.agent();
    }

    /** Never the keys' values (their own toString hides them too). */
    @Override
    public String toString() {
        return "HonchoSettings[url=" + url + ", agent=" + agent + ", trusted=" + trusted + ", untrusted=" + untrusted
                + ", fleet=" + fleet + ", reads=" + reads.size() + ", keys=" + keys.keySet() + "]";
    }
}
