package dev.boxmaker.memoryd.honcho.client;

import dev.boxmaker.memoryd.config.HonchoSettings;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * One client per workspace of {@code [honcho]} (the M5c spec, section 6), each with its own key
 * where one is configured: {@code honcho_trusted}, {@code honcho_untrusted}, {@code honcho_fleet},
 * {@code honcho_read_<agent>}. Shared by the worker and the read path; closing it closes every client.
 */
public final class HonchoClients implements AutoCloseable {
    private final Map<String, HonchoClient> clients;

    /** {@code clients} by workspace name. */
    public HonchoClients(Map<String, HonchoClient> clients) {
        this.clients = Map.copyOf(clients);
    }

    /** The clients of every workspace of {@code honcho}. */
    public static HonchoClients open(HonchoSettings honcho, HonchoTimeouts timeouts) {
        return new HonchoClients(of(honcho, timeouts));
    }

    /** The client of {@code workspace}, when it is one of the configured workspaces. */
    public Optional<HonchoClient> client(String workspace) {
        return Optional.ofNullable(clients.get(workspace));
    }

    /** The clients by workspace: trusted, untrusted, fleet, then each read workspace in order. */
    public static Map<String, HonchoClient> of(HonchoSettings honcho, HonchoTimeouts timeouts) {
        Map<String, HonchoClient> clients = new LinkedHashMap<>();
        put(clients, honcho, honcho.trusted(), HonchoSettings.TRUSTED_KEY, timeouts);
        put(clients, honcho, honcho.untrusted(), HonchoSettings.UNTRUSTED_KEY, timeouts);
        put(clients, honcho, honcho.fleet(), HonchoSettings.FLEET_KEY, timeouts);
        for (HonchoSettings.ReadWorkspace read : honcho.reads()) {
            put(clients, honcho, read.workspace(), HonchoSettings.readKey(read), timeouts);
        }
        return Map.copyOf(clients);
    }

    private static void put(Map<String, HonchoClient> clients, HonchoSettings honcho, String workspace,
            String secret, HonchoTimeouts timeouts) {
        clients.putIfAbsent(workspace, HonchoClient.create(honcho.url(), workspace, honcho.key(secret), timeouts));
    }

    @Override
    public void close() {
        clients.values().forEach(HonchoClient::close);
    }
}
