package dev.boxmaker.memoryd.honcho.worker;

import dev.boxmaker.memoryd.config.HonchoSettings;
import dev.boxmaker.memoryd.sentences.FleetSettingsSentences;
import dev.boxmaker.memoryd.honcho.client.HonchoClient;
import dev.boxmaker.memoryd.honcho.client.HonchoFailure;
import dev.boxmaker.memoryd.honcho.client.HonchoWire;
import dev.boxmaker.memoryd.honcho.ledger.HonchoLedger;
import dev.boxmaker.memoryd.honcho.ledger.LedgerLine;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The workspaces, peers and sessions the worker makes in Honcho (the M5c spec, section 3). Workspaces
 * and peers are made once a run (but those the ledger shows made) with get-or-create, which Honcho
 * answers 200, 201 or 409. The trusted and untrusted workspaces keep Honcho's defaults; the fleet one
 * is made with reasoning, summaries and dreaming off. The agent's peer is never observed.
 *
 * <p>A Boxmaker session is one Honcho session per workspace, named after it; when a speaker not yet
 * in it speaks, the next one, {@code -2}, {@code -3}…, holding every peer so far. Which Honcho sessions
 * a Boxmaker session has is the ledger's {@code placed} lines (TURNS-DESIGN, "The ledger"): one is
 * written, flushed, before the first request that makes or writes to a Honcho session not placed yet,
 * and again, with the larger peer list, before a peer is added to a placed one. So numbering goes on
 * after a restart from the last session placed, with its peers, and a look-up reads exactly the
 * sessions placed. A session made to stamp a conclusion before any turn ({@code "for":"stamp"}) takes
 * the first speaker as a member (Honcho's {@code POST …/sessions} makes the peers given members,
 * {@code src/crud/session.py} {@code get_or_create_session}) rather than pushing the turns to
 * {@code -2}. After a restart, what the ledger shows made is not made again ({@link #workspace(HonchoClient,
 * String)}, {@link HonchoLedger.Place#made}). Used by the worker's one thread only.
 */
final class Places {
    private static final Map<String, Object> UNOBSERVED = Map.of("observe_me", false);

    private final HonchoSettings settings;
    private final HonchoLedger ledger;
    private static final org.jboss.logging.Logger LOG = org.jboss.logging.Logger.getLogger(Places.class);

    private final Set<String> workspaces = new HashSet<>();
    /** Read by the report's thread. */
    private volatile Integer fleetRefused;
    private final Set<String> peers = new HashSet<>();
    private final Map<String, Session> sessions = new HashMap<>();

    /** One Boxmaker session in one workspace: its current Honcho session's number, peers and purpose. */
    private static final class Session {
        int number = 1;
        /** Whether the current one has a {@code placed} line. */
        boolean placed;
        /** Whether the current one is made in Honcho with its peers as they are: by this run or the ledger. */
        boolean made;
        String purpose = LedgerLine.FOR_STAMP;
        final Set<String> peers = new LinkedHashSet<>();
    }

    Places(HonchoSettings settings, HonchoLedger ledger) {
        this.settings = settings;
        this.ledger = ledger;
    }

    /** The workspace of {@code client}, and the agent's peer in it, made if this run has not yet. */
    void workspace(HonchoClient client) throws HonchoFailure {
        String w = client.workspace();
        if (!workspaces.contains(w)) {
            boolean fleet = w.equals(settings.fleet());
            Optional<HonchoWire.Workspace> answer = client.createWorkspace(null,
                    fleet ? HonchoWire.WorkspaceConfiguration.ALL_OFF : null);
            if (fleet && !answer.map(HonchoWire.Workspace::allOff).orElse(false)) {
                fleetOff(client);
            }
            workspaces.add(w);
        }
        peer(client, settings.agent());
    }

    /**
     * Turns the fleet workspace's reasoning, summaries and dreaming off: it existed with them on (made
     * by another client, or bare by a get-or-create of a peer or session), and Honcho's get-or-create
     * returns an existing workspace unchanged ({@code src/crud/workspace.py} {@code get_or_create_workspace}).
     * A refusal is logged once a run and shown by {@code bxctl memory sync}; the notes are still written.
     */
    private void fleetOff(HonchoClient client) throws HonchoFailure {
        try {
            client.updateWorkspace(HonchoWire.WorkspaceConfiguration.ALL_OFF);
            fleetRefused = null;
        } catch (HonchoFailure f) {
            if (f.kind() == HonchoFailure.Kind.UNREACHABLE || f.kind() == HonchoFailure.Kind.BUSY) {
                throw f;
            }
            if (fleetRefused == null) {
                LOG.warn(FleetSettingsSentences.refusedLog(client.workspace(), f.status(), f.kind().word()));
            }
            fleetRefused = f.status();
        }
    }

    /** The status Honcho refused the fleet's settings with in this run (0: no status); null when not refused. */
    Integer fleetRefused() {
        return fleetRefused;
    }

    /**
     * The workspace of {@code client} for a turn of {@code session}: as {@link #workspace(HonchoClient)},
     * except that where the ledger placed a Honcho session for {@code session}, the workspace and every
     * peer of those {@code placed} lines are made already (each line is written after the workspace and
     * its peers are made), so a run after a restart makes them again only for a session the ledger never
     * placed there. The fleet's workspace is still made once a run, for its settings ({@link #fleetOff}).
     */
    void workspace(HonchoClient client, String session) throws HonchoFailure {
        String w = client.workspace();
        if (!workspaces.contains(w)) {
            List<HonchoLedger.Place> placed = ledger.places(w, session);
            placed.forEach(p -> p.peers().forEach(peer -> peers.add(w + "/" + peer)));
            if (!placed.isEmpty() && !w.equals(settings.fleet())) {
                workspaces.add(w);
            }
        }
        workspace(client);
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
    String forTurn(HonchoClient client, String session, String speaker) throws HonchoFailure, PlaceUnwritable {
        peer(client, speaker);
        Session s = session(client, session);
        boolean stampOnly = LedgerLine.FOR_STAMP.equals(s.purpose);
        if (!s.peers.contains(speaker)) {
            if (s.placed && !stampOnly) {
                s.number++;
                s.placed = false;
            }
            s.peers.add(speaker);
            s.made = false;
        }
        if (!s.placed || stampOnly) {
            place(client, session, s, LedgerLine.FOR_TURNS);
        }
        return made(client, session, s);
    }

    /**
     * Whether a turn of {@code session} spoken by {@code speaker} goes to the Honcho session the last
     * {@link #forTurn} made, without starting the next one: the speaker is one of its peers already.
     */
    boolean holds(HonchoClient client, String session, String speaker) {
        Session s = sessions.get(client.workspace() + "/" + session);
        return s != null && s.made && LedgerLine.FOR_TURNS.equals(s.purpose) && s.peers.contains(speaker);
    }

    /** The Honcho session that stamps a conclusion of {@code session}: the current one, as it is. */
    String forStamp(HonchoClient client, String session) throws HonchoFailure, PlaceUnwritable {
        Session s = session(client, session);
        if (!s.placed) {
            place(client, session, s, LedgerLine.FOR_STAMP);
        }
        return made(client, session, s);
    }

    /** The Honcho sessions placed for {@code session} in the workspace of {@code client}, in order. */
    List<String> placed(HonchoClient client, String session) {
        List<String> names = new ArrayList<>();
        ledger.places(client.workspace(), session).forEach(p -> names.add(p.honcho()));
        return names;
    }

    /** The name of {@code session}'s {@code number}th Honcho session in a workspace: the base name, then -2, -3… */
    static String name(String session, int number) {
        return number == 1 ? session : session + "-" + number;
    }

    /** The number of {@code honcho} among {@code session}'s Honcho sessions; 1 for one not named after it. */
    static int number(String session, String honcho) {
        String prefix = session + "-";
        if (honcho.startsWith(prefix)) {
            try {
                return Math.max(1, Integer.parseInt(honcho.substring(prefix.length())));
            } catch (NumberFormatException e) {
                return 1;
            }
        }
        return 1;
    }

    /** The state of {@code session}: as this run left it, else from the ledger's last {@code placed} line. */
    private Session session(HonchoClient client, String session) {
        return sessions.computeIfAbsent(client.workspace() + "/" + session, k -> {
            Session s = new Session();
            List<HonchoLedger.Place> placed = ledger.places(client.workspace(), session);
            if (placed.isEmpty()) {
                s.peers.add(settings.agent());
            } else {
                HonchoLedger.Place last = placed.get(placed.size() - 1);
                s.number = number(session, last.honcho());
                s.placed = true;
                s.purpose = last.purpose();
                s.peers.addAll(last.peers());
                // A turn sent to it after its line: made with these peers (honcho/ledger Placements).
                s.made = last.made();
            }
            return s;
        });
    }

    private void place(HonchoClient client, String session, Session s, String purpose) throws PlaceUnwritable {
        try {
            ledger.placed(client.workspace(), session, name(session, s.number), List.copyOf(s.peers), purpose);
        } catch (IOException e) {
            throw new PlaceUnwritable(e);
        }
        s.placed = true;
        s.purpose = purpose;
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
