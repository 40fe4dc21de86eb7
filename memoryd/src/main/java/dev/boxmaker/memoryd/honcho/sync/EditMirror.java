package dev.boxmaker.memoryd.honcho.sync;

import dev.boxmaker.memoryd.sentences.DecisionSentences;
import dev.boxmaker.memoryd.config.HonchoSettings;
import dev.boxmaker.memoryd.edits.Edit;
import dev.boxmaker.memoryd.honcho.ledger.HonchoLedger;
import dev.boxmaker.memoryd.honcho.ledger.LedgerItem;
import dev.boxmaker.memoryd.honcho.mirror.MirrorOp;
import dev.boxmaker.memoryd.honcho.mirror.MirrorPlan;
import dev.boxmaker.memoryd.honcho.mirror.MirrorPlanner;
import dev.boxmaker.memoryd.tool.Journalled;
import dev.boxmaker.memoryd.tool.MemoryStore;
import dev.boxmaker.proto.secrets.Secret;
import java.io.IOException;
import java.util.ArrayDeque;
import java.util.Collections;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.jboss.logging.Logger;

/**
 * Mirrors memory writes (the M5c spec, section 4's second table, and section 5.4): each edit, the
 * moment the store has journalled it, is planned and its decision appended to the ledger, the
 * workspace its operations go to ({@code [honcho] trusted} for conclusions, {@code fleet} for notes
 * and their retractions) or nowhere with the plan's reason; then the worker is woken. The plans of
 * the latest edits are kept for the worker ({@link #plan}); an older one is planned again from the
 * journal.
 */
public final class EditMirror implements Journalled {
    /** The most plans kept in memory for the worker; an older one is read from the journal again. */
    public static final int PLANS_KEPT_MAX = 10_000;

    private static final Logger LOG = Logger.getLogger(EditMirror.class);

    private final MemoryStore store;
    private final HonchoLedger ledger;
    private final HonchoSettings honcho;
    private final Runnable wake;
    private final List<String> secretValues;
    private final Map<String, MirrorPlan> plans = Collections.synchronizedMap(new LinkedHashMap<>(16, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<String, MirrorPlan> eldest) {
            return size() > PLANS_KEPT_MAX;
        }
    });

    /** With the Honcho keys as the configured secrets no edit may send. */
    public EditMirror(MemoryStore store, HonchoLedger ledger, HonchoSettings honcho, Runnable wake) {
        this(store, ledger, honcho, wake, honcho.keys().values().stream().map(Secret::value).toList());
    }

    /** {@code secretValues}: every configured secret's value; an edit whose text holds one goes nowhere. */
    public EditMirror(MemoryStore store, HonchoLedger ledger, HonchoSettings honcho, Runnable wake,
            List<String> secretValues) {
        this.store = store;
        this.ledger = ledger;
        this.honcho = honcho;
        this.wake = wake;
        this.secretValues = List.copyOf(secretValues);
    }

    /** Decides {@code edit}; called by the store under its lock, so edits are decided in journal order. */
    @Override
    public void journalled(Edit edit) {
        try {
            if (decide(edit)) {
                wake.run();
            }
        } catch (IOException | RuntimeException e) {
            // The write itself is done and answered as done; the next start decides what is left.
            LOG.error(DecisionSentences.ledgerAppendFailed(new LedgerItem.Edit(edit.id()).key(), e.getClass().getSimpleName()));
        }
    }

    /**
     * Decides the edits a stop left journalled but not in the ledger: the journal's last edits after
     * the latest one the ledger has, oldest first. A ledger without any edit decides none: the edits
     * before {@code [honcho]} was configured are not mirrored.
     */
    public void catchUp() throws IOException {
        Deque<Edit> missing = new ArrayDeque<>();
        List<Edit> all = store.journal().readAll();
        for (int i = all.size() - 1; i >= 0 && !ledger.isDecided(new LedgerItem.Edit(all.get(i).id())); i--) {
            missing.push(all.get(i));
        }
        if (missing.size() == all.size()) {
            return;
        }
        for (Edit edit : missing) {
            decide(edit);
        }
    }

    /** The plan of edit {@code id}: the one made when it was decided, or made again from the journal. */
    public Optional<MirrorPlan> plan(String id) throws IOException {
        MirrorPlan kept = plans.get(id);
        if (kept != null) {
            return Optional.of(kept);
        }
        Optional<Edit> edit = store.findEdit(id);
        return edit.isEmpty() ? Optional.empty() : Optional.of(planOf(edit.get()));
    }

    private boolean decide(Edit edit) throws IOException {
        MirrorPlan plan = planOf(edit);
        LedgerItem.Edit item = new LedgerItem.Edit(edit.id());
        Optional<String> workspace = workspace(plan);
        if (workspace.isPresent()) {
            plans.put(edit.id(), plan);
        }
        return ledger.decided(item, workspace, plan.reason()) && workspace.isPresent();
    }

    private MirrorPlan planOf(Edit edit) throws IOException {
        Edit undone = null;
        if (Edit.UNDO.equals(edit.action()) && edit.undoes() != null) {
            undone = store.findEdit(edit.undoes()).orElse(null);
        }
        if (Edit.UNDO.equals(edit.action()) && undone == null) {
            return new MirrorPlan(edit.id(), List.of(), MirrorPlan.NOTHING_CHANGED);
        }
        return MirrorPlanner.plan(edit, undone, session(edit, undone), secretValues);
    }

    /**
     * The Boxmaker session that stamps what the edit creates: the planner's, or for an accepted write
     * (and the undo of one) the session that staged it, which only pending.jsonl holds.
     */
    private String session(Edit edit, Edit undone) throws IOException {
        String session = MirrorPlanner.sessionOf(edit, undone);
        if (session != null) {
            return session;
        }
        Edit source = undone != null ? undone : edit;
        return source.pending() == null ? null : store.pendingSession(source.pending()).orElse(null);
    }

    /** The fleet for a note's message or retraction, the trusted workspace for conclusions, else nowhere. */
    private Optional<String> workspace(MirrorPlan plan) {
        if (plan.ops().isEmpty()) {
            return Optional.empty();
        }
        MirrorOp first = plan.ops().get(0);
        boolean fleet = first instanceof MirrorOp.FleetMessage || first instanceof MirrorOp.FleetRetraction;
        return Optional.of(fleet ? honcho.fleet() : honcho.trusted());
    }
}
