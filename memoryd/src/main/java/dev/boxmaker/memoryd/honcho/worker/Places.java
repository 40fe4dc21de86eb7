package dev.boxmaker.memoryd.honcho.worker;

import dev.boxmaker.memoryd.config.HonchoSettings;
import dev.boxmaker.memoryd.honcho.client.HonchoClient;
import dev.boxmaker.memoryd.honcho.client.HonchoFailure;
import dev.boxmaker.memoryd.honcho.client.HonchoWire;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;

/**
 * The workspaces, peers and sessions the worker made in Honcho (the M5c spec, section 3), kept in
 * memory for this run; after a restart each is made again with get-or-create, which Honcho answers
 * 200, 201 or 409. The trusted and untrusted workspaces keep Honcho's defaults; the fleet one is made
 * with reasoning, summaries and dreaming off. The agent's peer is never observed. A Boxmaker session
 * is one Honcho session per workspace, named after it; when a speaker not yet in it speaks, the next
 * one, {@code -2}, {@code -3}…, holding every peer so far. In the fleet workspace it holds only the
 * agent's peer. Used by the worker's one thread only.
 */
final class Places {
    /** The most Honcho sessions one Boxmaker session is looked for in ({@code -2} … this). */
    static final int SESSIONS_PER_BOXMAKER_SESSION_MAX = 1000;
    private static final Map<String, Object> UNOBSERVED = Map.of("observe_me", false);

    private final HonchoSettings settings;
    private final Set<String> workspaces = new HashSet<>();
    private final Set<String> peers = new HashSet<>();
    private final Map<String, Session> sessions = new HashMap<>();

    /** One Boxmaker session in one workspace: its current Honcho session's number and peers. */
    private static final class Session {
        int number = 1;
        boolean made;
        final Set<String> peers = new LinkedHashSet<>();
    }

    Places(HonchoSettings settings) {
        this.settings = settings;
    }

    /** The workspace of {@code client}, and the agent's peer in it, made if this run has not yet. */
    void workspace(HonchoClient client) throws HonchoFailure {
        String w = client.workspace();
        if (!workspaces.contains(w)) {
            boolean fleet = w.equals(settings.fleet());
            client.createWorkspace(null, fleet ? HonchoWire.WorkspaceConfiguration.ALL_OFF : null);
            workspaces.add(w);
        }
        peer(client, settings.agent());
    }

    /** {@code peer} in the workspace of {@code client}; the agent's with {@code observe_me: false}. */
    void peer(HonchoClient client, String peer) throws HonchoFailure {
        String key = client.workspace() + "/" + peer;
        if (!peers.contains(key)) {
            client.createPeer(peer, peer.equals(settings.agent()) ? UNOBSERVED : null);
            peers.add(key);
        }
    }

    /** The Honcho session a turn of {@code session} spoken by {@code speaker} goes to. */
    String forTurn(HonchoClient client, String session, String speaker) throws HonchoFailure {
        peer(client, speaker);
        Session s = session(client, session);
        if (!s.peers.contains(speaker)) {
            if (s.made) {
                s.number++;
                s.made = false;
            }
            s.peers.add(speaker);
        }
        return made(client, session, s);
    }

    /**
     * Whether a turn of {@code session} spoken by {@code speaker} goes to the Honcho session the last
     * {@link #forTurn} made, without starting the next one: the speaker is one of its peers already.
     */
    boolean holds(HonchoClient client, String session, String speaker) {
        Session s = sessions.get(client.workspace() + "/" + session);
        return s != null && s.made && s.peers.contains(speaker);
    }

    /** The Honcho session that stamps a conclusion of {@code session}: the current one, as it is. */
    String forStamp(HonchoClient client, String session) throws HonchoFailure {
        return made(client, session, session(client, session));
    }

    /** The name of {@code session}'s {@code number}th Honcho session in a workspace: the base name, then -2, -3… */
    static String name(String session, int number) {
        return number == 1 ? session : session + "-" + number;
    }

    private Session session(HonchoClient client, String session) {
        return sessions.computeIfAbsent(client.workspace() + "/" + session, k -> {
            Session s = new Session();
            s.peers.add(settings.agent());
            return s;
        });
    }

    private String made(HonchoClient client, String session, Session s) throws HonchoFailure {
        String name = name(session, s.number);
        if (!s.made) {
            Map<String, HonchoWire.SessionPeer> in = new LinkedHashMap<>();
            for (String p : s.peers) {
                in.put(p, new HonchoWire.SessionPeer(!p.equals(settings.agent()), null));
            }
            client.createSession(name, in);
            s.made = true;
        }
        return name;
    }
}
