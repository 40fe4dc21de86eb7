package dev.boxmaker.memoryd.tool;

import dev.boxmaker.memoryd.sentences.StoreSentences;
import dev.boxmaker.memoryd.files.Entries;
import dev.boxmaker.memoryd.files.IdentityFile;
import dev.boxmaker.memoryd.files.NotesFile;
import dev.boxmaker.proto.tools.ToolContract;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;

/**
 * The content rules of the memory tool (the spec, section 5; memoryd.md), as pure functions of the
 * request and the file as it is now. Refusals come in a fixed order (docs/decisions.md): the check
 * on each new text, then the named {@code old} entries, then duplicates, then the limit.
 */
final class Rules {
    /** The spec's bound on a note: 1 to 1,000 characters, of the text as stored. */
    static final int NOTE_CHARS_MAX = ToolContract.NOTE_CHARS_MAX;

    private final Function<String, Optional<String>> check;

    Rules(Function<String, Optional<String>> check) {
        this.check = check;
    }

    /** The note's text as stored, or the refusal: length first, then the check, then the format. */
    String note(String text) throws Refused {
        String body = Entries.normalise(text);
        int chars = Entries.chars(body);
        if (chars < 1 || chars > NOTE_CHARS_MAX) {
            throw new Refused(StoreSentences.noteLength(chars, NOTE_CHARS_MAX));
        }
        refuseIfChecked(body);
        if (!NotesFile.storable(body)) {
            throw new Refused(StoreSentences.SEPARATOR_LINE);
        }
        return body;
    }

    /** A new or rewritten entry as stored, or the refusal. */
    private String entry(String text) throws Refused {
        String entry = Entries.normalise(text);
        if (entry.isEmpty()) {
            throw new Refused(StoreSentences.ENTRY_EMPTY);
        }
        refuseIfChecked(entry);
        if (!Entries.storable(entry)) {
            throw new Refused(StoreSentences.SEPARATOR_LINE);
        }
        return entry;
    }

    private void refuseIfChecked(String text) throws Refused {
        Optional<String> refusal = check.apply(text);
        if (refusal.isPresent()) {
            throw new Refused(refusal.get());
        }
    }

    Plan add(Request.Add r, List<String> now) throws Refused {
        String entry = entry(r.text());
        refuseDuplicate(r.file(), now, entry);
        List<String> after = new ArrayList<>(now);
        after.add(entry);
        refuseOwnersDuplicate(r.file(), after);
        int chars = fits(r.file(), after);
        return new Plan(r.file(), now, after, List.of(), StoreSentences.added(r.file().fileName(), chars, r.file().charsMax()));
    }

    Plan replace(Request.Replace r, List<String> now) throws Refused {
        String entry = entry(r.text());
        int at = indexOf(r.file(), now, r.old());
        refuseDuplicate(r.file(), now, entry);
        List<String> after = new ArrayList<>(now);
        after.set(at, entry);
        refuseOwnersDuplicate(r.file(), after);
        int chars = fits(r.file(), after);
        return new Plan(r.file(), now, after, List.of(), StoreSentences.replaced(r.file().fileName(), chars, r.file().charsMax()));
    }

    Plan remove(Request.Remove r, List<String> now) throws Refused {
        int at = indexOf(r.file(), now, r.old());
        refuseUnstorableInNotes(r.old());
        List<String> after = new ArrayList<>(now);
        after.remove(at);
        refuseOwnersDuplicate(r.file(), after);
        // A file the owner edited over its limit must still fit after any edit, remove included.
        int chars = fits(r.file(), after);
        return new Plan(r.file(), now, after, List.of(new Plan.Removal(false, r.old())),
                StoreSentences.removed(r.file().fileName(), chars, r.file().charsMax()));
    }

    /**
     * The resulting file lists kept, rewritten and new entries in the order the items give them. An
     * entry that fails the check is left out of the memory block, so the model has never seen it: it
     * need not be named, and one not named is kept as it is, at its place (docs/decisions.md).
     */
    Plan consolidate(Request.Consolidate r, List<String> now) throws Refused {
        IdentityFile file = r.file();
        // The check on each new text comes first, in item order (docs/decisions.md, "Order of refusals").
        List<String> texts = new ArrayList<>(r.items().size());
        for (Request.Item item : r.items()) {
            texts.add(item.text() == null ? null : entry(item.text()));
        }
        Set<String> named = new HashSet<>();
        for (Request.Item item : r.items()) {
            if (item.old() != null) {
                indexOf(file, now, item.old());
                if (!named.add(item.old())) {
                    throw new Refused(StoreSentences.consolidateTwice(file.fileName(), item.old()));
                }
            }
        }
        for (String entry : now) {
            if (!named.contains(entry) && !hidden(entry)) {
                throw new Refused(StoreSentences.consolidateMissing(file.fileName(), entry));
            }
        }
        List<String> after = new ArrayList<>();
        List<Plan.Removal> removals = new ArrayList<>();
        int[] counts = new int[Request.Choice.values().length];
        for (int i = 0; i < r.items().size(); i++) {
            Request.Item item = r.items().get(i);
            counts[item.choice().ordinal()]++;
            switch (item.choice()) {
                case KEEP -> after.add(item.old());
                case REWRITE, NEW -> after.add(texts.get(i));
                case MOVE, DROP -> {
                    refuseUnstorableInNotes(item.old());
                    removals.add(new Plan.Removal(item.choice() == Request.Choice.MOVE, item.old()));
                }
            }
        }
        keepHidden(now, named, after);
        Optional<String> twice = Entries.firstTwice(after);
        if (twice.isPresent()) {
            throw new Refused(StoreSentences.consolidateDuplicate(file.fileName(), twice.get()));
        }
        int chars = fits(file, after);
        String sentence = StoreSentences.consolidated(file.fileName(), counts[Request.Choice.KEEP.ordinal()],
                counts[Request.Choice.REWRITE.ordinal()], counts[Request.Choice.MOVE.ordinal()],
                counts[Request.Choice.DROP.ordinal()], counts[Request.Choice.NEW.ordinal()], chars, file.charsMax());
        return new Plan(file, now, after, removals, sentence);
    }

    /** Whether the memory block leaves {@code entry} out: it fails the check (BlockBuilder). */
    private boolean hidden(String entry) {
        return check.apply(entry).isPresent();
    }

    /**
     * Puts each hidden entry the items did not name back into {@code after} at the index it had in
     * {@code now} (at the end when {@code after} is shorter by then), in the file's order. An entry
     * the owner's editor left twice is put back once, as naming it once would.
     */
    private void keepHidden(List<String> now, Set<String> named, List<String> after) {
        Set<String> kept = new HashSet<>();
        for (int i = 0; i < now.size(); i++) {
            String entry = now.get(i);
            if (!named.contains(entry) && hidden(entry) && kept.add(entry)) {
                after.add(Math.min(i, after.size()), entry);
            }
        }
    }

    /** Plans any identity request; a note is not one. */
    Plan plan(Request r, List<String> now) throws Refused {
        if (r instanceof Request.Add a) {
            return add(a, now);
        }
        if (r instanceof Request.Replace p) {
            return replace(p, now);
        }
        if (r instanceof Request.Remove m) {
            return remove(m, now);
        }
        if (r instanceof Request.Consolidate c) {
            return consolidate(c, now);
        }
        throw new IllegalArgumentException("a note is not an identity edit");
    }

    /** {@code old} must match an entry of the file as it is now, exactly. */
    private static int indexOf(IdentityFile file, List<String> now, String old) throws Refused {
        int at = now.indexOf(old);
        if (at < 0) {
            throw new Refused(StoreSentences.noSuchEntry(file.fileName(), old));
        }
        return at;
    }

    private static void refuseDuplicate(IdentityFile file, List<String> now, String entry) throws Refused {
        if (now.contains(entry)) {
            throw new Refused(StoreSentences.duplicate(file.fileName()));
        }
    }

    /**
     * An entry twice in the file after an edit that added none twice: the owner's editor put it
     * there. memoryd never writes a file holding an entry twice, so the edit is refused before it is
     * journalled (a journalled edit whose file cannot be written would stop every later write);
     * consolidate, naming the entry once, mends the file.
     */
    private static void refuseOwnersDuplicate(IdentityFile file, List<String> after) throws Refused {
        Optional<String> twice = Entries.firstTwice(after);
        if (twice.isPresent()) {
            throw new Refused(StoreSentences.ownersDuplicate(file.fileName(), twice.get()));
        }
    }

    /**
     * An entry leaving the file goes to notes.md, where a line reading as a note's header would split
     * it. memoryd's own entries never hold one (the check's rule 0); one the owner copied in from
     * notes.md, header and all, can.
     */
    private static void refuseUnstorableInNotes(String entry) throws Refused {
        if (!NotesFile.storable(entry)) {
            throw new Refused(StoreSentences.notStorableInNotes(entry));
        }
    }

    /** The file's count after the edit, or the limit sentence. */
    private static int fits(IdentityFile file, List<String> after) throws Refused {
        int chars = Entries.chars(after);
        if (chars > file.charsMax()) {
            throw new Refused(StoreSentences.overLimit(file.fileName(), chars, file.charsMax()));
        }
        return chars;
    }
}
