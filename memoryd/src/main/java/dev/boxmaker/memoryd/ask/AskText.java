package dev.boxmaker.memoryd.ask;

import dev.boxmaker.memoryd.sentences.Sentences;
import dev.boxmaker.memoryd.recall.HitText;
import dev.boxmaker.proto.text.Escape;
import java.util.List;
import java.util.Optional;

/**
 * How ask_memory's answer reads: each workspace's reply under a header tagged like a recall hit,
 * {@code [1] memory · own · private}, its text made inert as a hit's is (no invisible characters, no
 * chat markup, no line that poses as another header) and cut to {@link #REPLY_CHARS_MAX}; then one
 * line for each workspace that did not answer ({@code fleet: unavailable}) or had nothing to say.
 */
final class AskText {
    static final String MEMORY = HitText.MEMORY;
    static final String MEMORY_TAINTED = HitText.MEMORY_TAINTED;
    /** The longest reply shown, in code points once made inert, the cut mark included. */
    static final int REPLY_CHARS_MAX = 1_500;

    private AskText() {
    }

    /** One workspace's outcome: its reply (empty when Honcho had none), or unavailable. */
    record Reply(AskTarget target, boolean available, Optional<String> content) {
        static Reply unavailable(AskTarget target) {
            return new Reply(target, false, Optional.empty());
        }
    }

    static String render(List<Reply> replies) {
        StringBuilder out = new StringBuilder();
        int number = 0;
        for (Reply reply : replies) {
            if (reply.available() && reply.content().isPresent()) {
                AskTarget t = reply.target();
                out.append(out.length() > 0 ? "\n\n" : "").append('[').append(++number).append("] ").append(t.tag())
                        .append(" · ").append(t.name()).append(" · ").append(t.dataClass().wire()).append('\n')
                        .append(shown(reply.content().get()));
            }
        }
        String separator = out.length() > 0 ? "\n\n" : "";
        for (Reply reply : replies) {
            if (!reply.available() || reply.content().isEmpty()) {
                out.append(separator).append(reply.available() ? Sentences.askNothingFound(reply.target().name())
                        : Sentences.askUnavailable(reply.target().name()));
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
