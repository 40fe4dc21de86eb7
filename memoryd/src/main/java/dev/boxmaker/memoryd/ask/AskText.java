package dev.boxmaker.memoryd.ask;

import dev.boxmaker.memoryd.sentences.AskSentences;
import dev.boxmaker.memoryd.recall.FleetHitText;
import dev.boxmaker.memoryd.recall.HitText;
import dev.boxmaker.memoryd.recall.fleet.FleetHit;
import dev.boxmaker.proto.text.Escape;
import java.util.List;
import java.util.Optional;

/**
 * How ask_memory's answer reads: each workspace's reply under a header tagged like a recall hit,
 * {@code [1] memory · own · private}, its text made inert as a hit's is (no invisible characters, no
 * chat markup, no line that poses as another header) and cut to {@link #REPLY_CHARS_MAX}; then one
 * line for each workspace that did not answer ({@code fleet: unavailable}) or had nothing to say. The
 * fleet's notes come one by one, each under the header recall gives a fleet note
 * ({@code [2] memory-tainted · fleet, b2 noted, 2026-12-07 03:00 UTC · private}).
 */
final class AskText {
    static final String MEMORY = HitText.MEMORY;
    static final String MEMORY_TAINTED = HitText.MEMORY_TAINTED;
    /** The longest reply shown, in code points once made inert, the cut mark included. */
    static final int REPLY_CHARS_MAX = 1_500;

    private AskText() {
    }

    /** One workspace's outcome: its reply or the fleet's notes (neither when Honcho had none), or unavailable. */
    record Reply(AskTarget target, boolean available, Optional<String> content, List<FleetHit> notes) {
        static Reply unavailable(AskTarget target) {
            return new Reply(target, false, Optional.empty(), List.of());
        }

        static Reply notes(AskTarget target, List<FleetHit> notes) {
            return new Reply(target, true, Optional.empty(), List.copyOf(notes));
        }

        /**
         * A workspace asked by several chats (each empty when it failed or ran out of time): the
         * replies there were, in order, a blank line apart; with none, unavailable when a chat failed,
         * else nothing found.
         */
        static Reply of(AskTarget target, List<Optional<Optional<String>>> chats) {
            List<String> said = chats.stream().flatMap(Optional::stream).flatMap(Optional::stream).toList();
            if (said.isEmpty()) {
                return chats.stream().anyMatch(Optional::isEmpty) ? unavailable(target)
                        : new Reply(target, true, Optional.empty(), List.of());
            }
            return new Reply(target, true, Optional.of(String.join("\n\n", said)), List.of());
        }

        /** Whether it has something to show. */
        boolean said() {
            return available && (content.isPresent() || !notes.isEmpty());
        }
    }

    /** Each reply under its header, each fleet note under recall's header for it, then the lines for the rest. */
    static String render(List<Reply> replies, String ownerPeer) {
        StringBuilder out = new StringBuilder();
        int number = 0;
        for (Reply reply : replies) {
            AskTarget t = reply.target();
            if (reply.available() && reply.content().isPresent()) {
                out.append(out.length() > 0 ? "\n\n" : "").append('[').append(++number).append("] ").append(t.tag())
                        .append(" · ").append(t.name()).append(" · ").append(t.dataClass().wire()).append('\n')
                        .append(shown(reply.content().get()));
            }
            for (FleetHit note : reply.available() ? reply.notes() : List.<FleetHit>of()) {
                out.append(out.length() > 0 ? "\n\n" : "").append(FleetHitText.header(++number, note, ownerPeer))
                        .append('\n').append(shown(note.text()));
            }
        }
        String separator = out.length() > 0 ? "\n\n" : "";
        for (Reply reply : replies) {
            if (!reply.said()) {
                out.append(separator).append(reply.available() ? AskSentences.askNothingFound(reply.target().name())
                        : AskSentences.askUnavailable(reply.target().name()));
                separator = "\n";
            }
        }
        return out.toString();
    }

    /** A reply as the model reads it: neutralised and made inert, then cut (escapes count toward the cap). */
    static String shown(String content) {
        return Escape.cut(HitText.inert(content), REPLY_CHARS_MAX);
    }
}
