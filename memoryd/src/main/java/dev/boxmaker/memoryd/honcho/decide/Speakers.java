package dev.boxmaker.memoryd.honcho.decide;

import dev.boxmaker.memoryd.honcho.HonchoIds;
import java.util.Optional;

/**
 * A speaker's Honcho peer name (the M5c spec, section 3): the name loopd logged, a Mattermost
 * username, with each {@code .} written {@code _}, since Honcho's ids allow no dot; then it must
 * fit Honcho's id rule.
 */
public final class Speakers {
    private Speakers() {
    }

    /** The peer name of {@code speaker}, or empty when there is none or it cannot be one. */
    public static Optional<String> peerName(String speaker) {
        if (speaker == null) {
            return Optional.empty();
        }
        String name = speaker.replace('.', '_');
        return HonchoIds.isValid(name) ? Optional.of(name) : Optional.empty();
    }
}
