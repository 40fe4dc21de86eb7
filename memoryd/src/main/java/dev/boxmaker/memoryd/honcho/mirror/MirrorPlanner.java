package dev.boxmaker.memoryd.honcho.mirror;

import dev.boxmaker.memoryd.edits.Edit;
import dev.boxmaker.memoryd.files.IdentityFile;
import dev.boxmaker.memoryd.files.MemoryDir;
import dev.boxmaker.proto.DataClass;
import dev.boxmaker.proto.text.Sanitize;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * The M5c spec's section 4, second table, as a pure function: a journalled edit to the Honcho
 * operations it asks for. Identity edits are read from their before and after: an entry that
 * appears is a new conclusion, one that goes is a deleted conclusion unless consolidate moved it to
 * the notes (its conclusion is already there). Notes: a trusted one is a conclusion of the agent, an
 * untrusted one a fleet message, a flagged one nothing. An undo reverses what the undone edit sent:
 * an identity revert by its own before and after (never re-creating what the undone edit only moved
 * out), a note's retraction by deleting its conclusion or, for a fleet note, a retraction message.
 * Nothing from a {@code secret} session reaches Honcho.
 */
public final class MirrorPlanner {
    private MirrorPlanner() {
    }

    /**
     * The operations of {@code edit}.
     *
     * @param edit    the journalled edit
     * @param undone  for an undo ({@link Edit#UNDO}), the edit it undoes ({@code edit.undoes()}); else ignored
     * @param session the Boxmaker session whose Honcho session stamps what is created; see {@link #sessionOf}
     * @throws IllegalArgumentException for an undo without the edit it undoes
     */
    public static MirrorPlan plan(Edit edit, Edit undone, String session) {
        return plan(edit, undone, session, List.of());
    }

    /**
     * The operations of {@code edit}, or none when a text they would send breaks a secret rule
     * ({@link Sanitize#refuse}: a known-prefix secret, or one of {@code secretValues}): such an edit goes
     * nowhere with {@link MirrorPlan#SECRET_HELD} and the rule's name. The whole edit stays local, its
     * deletions too, since a deletion names the entry's text.
     */
    public static MirrorPlan plan(Edit edit, Edit undone, String session, Collection<String> secretValues) {
        MirrorPlan plan = planOps(edit, undone, session);
        for (MirrorOp op : plan.ops()) {
            Optional<String> rule = Sanitize.refuse(textOf(op), secretValues);
            if (rule.isPresent()) {
                return MirrorPlan.nothing(edit.id(), MirrorPlan.SECRET_HELD + rule.get());
            }
        }
        return plan;
    }

    private static String textOf(MirrorOp op) {
        if (op instanceof MirrorOp.CreateConclusion c) {
            return c.content();
        }
        if (op instanceof MirrorOp.DeleteConclusion d) {
            return d.content();
        }
        if (op instanceof MirrorOp.FleetMessage m) {
            return m.content();
        }
        return ((MirrorOp.FleetRetraction) op).message();
    }

    private static MirrorPlan planOps(Edit edit, Edit undone, String session) {
        if (edit.to() == null) {
            return MirrorPlan.nothing(edit.id(), MirrorPlan.NOTHING_CHANGED);
        }
        if (DataClass.parse(edit.dataClass()) == DataClass.SECRET) {
            return MirrorPlan.nothing(edit.id(), MirrorPlan.SECRET_CLASS);
        }
        boolean undo = Edit.UNDO.equals(edit.action());
        if (undo && (undone == null || !undone.id().equals(edit.undoes()))) {
            throw new IllegalArgumentException("an undo is planned with the edit it undoes, " + edit.undoes());
        }
        if (edit.to().equals(MemoryDir.NOTES)) {
            return undo ? retraction(edit, undone) : note(edit, session);
        }
        Peer peer = peerOf(edit.to());
        if (edit.untrusted()) {
            return MirrorPlan.nothing(edit.id(), MirrorPlan.UNTRUSTED_IDENTITY);
        }
        List<String> keptAway = undo ? undone.moved() : List.of();
        return identity(edit, peer, keptAway, session);
    }

    /**
     * The session that stamps an edit's creations: the edit's own, or for the owner's undo the undone
     * edit's. Null for an accept, journalled as the owner's: the pending write's session is the one,
     * and only {@code pending.jsonl} holds it.
     */
    public static String sessionOf(Edit edit, Edit undone) {
        if (!Edit.OWNER.equals(edit.session())) {
            return edit.session();
        }
        if (Edit.UNDO.equals(edit.action()) && undone != null && !Edit.OWNER.equals(undone.session())) {
            return undone.session();
        }
        return null;
    }

    private static Peer peerOf(String fileName) {
        IdentityFile file = IdentityFile.ofFileName(fileName).orElseThrow(
                () -> new IllegalArgumentException("the edit names an unknown file: " + fileName));
        return file == IdentityFile.USER ? Peer.OWNER : Peer.AGENT;
    }

    /** A note: nothing when flagged, a fleet message when untrusted, else the agent's conclusion. */
    private static MirrorPlan note(Edit edit, String session) {
        String body = edit.after().get(0);
        Optional<String> flag = Sanitize.flag(body);
        if (flag.isPresent()) {
            return MirrorPlan.nothing(edit.id(), MirrorPlan.FLAGGED + flag.get());
        }
        MirrorOp op = edit.untrusted() ? new MirrorOp.FleetMessage(body, session)
                : new MirrorOp.CreateConclusion(Peer.AGENT, body, session);
        return new MirrorPlan(edit.id(), List.of(op), MirrorPlan.MIRRORED);
    }

    /** The undo of a note: what the note sent, taken back; a flagged note sent nothing. */
    private static MirrorPlan retraction(Edit edit, Edit note) {
        String body = note.after().get(0);
        Optional<String> flag = Sanitize.flag(body);
        if (flag.isPresent()) {
            return MirrorPlan.nothing(edit.id(), MirrorPlan.FLAGGED + flag.get());
        }
        MirrorOp op = note.untrusted() ? new MirrorOp.FleetRetraction(body, note.session())
                : new MirrorOp.DeleteConclusion(Peer.AGENT, body);
        return new MirrorPlan(edit.id(), List.of(op), MirrorPlan.MIRRORED);
    }

    /**
     * An identity edit: deletions of the entries that left (not those moved to the notes, nor, for an
     * undo, those the undone edit had only moved out), then creations of the entries that came.
     */
    private static MirrorPlan identity(Edit edit, Peer peer, List<String> keptAway, String session) {
        Set<String> before = new HashSet<>(edit.before());
        Set<String> after = new HashSet<>(edit.after());
        Set<String> moved = new HashSet<>(edit.moved());
        List<MirrorOp> ops = new ArrayList<>();
        for (String entry : edit.before()) {
            if (!after.contains(entry) && !moved.contains(entry)) {
                ops.add(new MirrorOp.DeleteConclusion(peer, entry));
            }
        }
        Set<String> notAgain = new HashSet<>(keptAway);
        for (String entry : edit.after()) {
            if (!before.contains(entry) && !notAgain.contains(entry)) {
                ops.add(new MirrorOp.CreateConclusion(peer, entry, session));
            }
        }
        if (!ops.isEmpty()) {
            return new MirrorPlan(edit.id(), ops, MirrorPlan.MIRRORED);
        }
        boolean movedOut = !edit.moved().isEmpty() || !keptAway.isEmpty();
        return MirrorPlan.nothing(edit.id(), movedOut ? MirrorPlan.MOVED_OUT : MirrorPlan.NOTHING_CHANGED);
    }
}
