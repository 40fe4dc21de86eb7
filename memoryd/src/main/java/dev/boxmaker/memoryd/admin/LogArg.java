package dev.boxmaker.memoryd.admin;

import dev.boxmaker.memoryd.edits.Ids;
import dev.boxmaker.memoryd.sentences.ReviewSentences;
import dev.boxmaker.memoryd.tool.MemoryStore;
import dev.boxmaker.memoryd.tool.OwnerAnswer;
import java.io.IOException;
import java.util.Optional;

/**
 * {@code log}'s argument: {@code ""} (the last {@link AdminRouter#LOG_EDITS_DEFAULT}), {@code "N"} (the
 * last N) or {@code "N before ID"} (a page of the edits journalled before ID), answered as text or,
 * for {@code --json}, as the document of {@code ListingsJson}. A count or id out of shape is refused.
 */
final class LogArg {
    private LogArg() {
    }

    /** What {@code arg} asks for: {@code before} null for the last {@code count}. */
    private record Asked(int count, String before, String refusal) {
    }

    static OwnerAnswer text(MemoryStore store, String arg) throws IOException {
        return answer(store, arg, false);
    }

    static OwnerAnswer json(MemoryStore store, String arg) throws IOException {
        return answer(store, arg, true);
    }

    private static OwnerAnswer answer(MemoryStore store, String arg, boolean json) throws IOException {
        Asked asked = parse(arg);
        if (asked.refusal() != null) {
            return OwnerAnswer.refused(asked.refusal());
        }
        if (asked.before() == null) {
            return OwnerAnswer.ok(json ? store.logJson(asked.count()) : store.log(asked.count()));
        }
        Optional<String> page = json ? store.logBeforeJson(asked.before(), asked.count())
                : store.logBefore(asked.before(), asked.count());
        return page.map(OwnerAnswer::ok).orElseGet(() -> OwnerAnswer.refused(ReviewSentences.noSuchEdit(asked.before())));
    }

    private static Asked parse(String arg) {
        if (arg.isEmpty()) {
            return new Asked(AdminRouter.LOG_EDITS_DEFAULT, null, null);
        }
        String[] parts = arg.split(" ", -1);
        String count = parts.length == 3 && parts[1].equals(AdminRouter.LOG_BEFORE) ? parts[0] : arg;
        int max = AdminRouter.LOG_EDITS_MAX;
        if (!count.matches("[0-9]{1,4}") || Integer.parseInt(count) < 1 || Integer.parseInt(count) > max) {
            return new Asked(0, null, ReviewSentences.logCountInvalid(count, max));
        }
        if (count.equals(arg)) {
            return new Asked(Integer.parseInt(arg), null, null);
        }
        if (!Ids.isId(parts[2])) {
            return new Asked(0, null, ReviewSentences.idInvalid(parts[2]));
        }
        return new Asked(Integer.parseInt(count), parts[2], null);
    }
}
