package dev.boxmaker.memoryd.honcho.decide;

import java.util.Locale;
import java.util.Optional;

/**
 * Which Honcho peer a turn's speaker is written as (issue 33 item 9, issue 35 item 6). The owner is one
 * peer, {@code [honcho] owner}: the speaker equal to {@code [memory] owner} (the owner's name as loopd
 * logs it, {@code bxctl chat}'s {@code [owner] name}), and the speaker whose peer name is exactly
 * {@code [honcho] owner}, are both written as it. Any other speaker is its own peer name
 * ({@link Speakers#peerName}), except two, which go nowhere rather than be written as a peer this
 * agent writes as, or as a second owner: one whose peer name is the agent's ({@code [honcho] agent})
 * in any case ({@link TurnDecision#SPEAKER_LIKE_AGENT}); one whose peer name is the owner's peer, or
 * {@code [memory] owner}'s peer name, in another case ({@link TurnDecision#SPEAKER_LIKE_OWNER}).
 *
 * @param ownerName {@code [memory] owner}; null when not known (no speaker is the owner by name)
 * @param ownerPeer {@code [honcho] owner}; null when not known (nothing is mapped or refused)
 * @param agentPeer {@code [honcho] agent}; null when not known
 */
public record SpeakerPeers(String ownerName, String ownerPeer, String agentPeer) {
    /** No names known: each speaker is its own peer name. */
    public static final SpeakerPeers NONE = new SpeakerPeers(null, null, null);

    /** The peer {@code speaker} is written as, or empty when it goes nowhere ({@link #nowhere} says why). */
    public Optional<String> peer(String speaker) {
        return nowhere(speaker).isPresent() ? Optional.empty() : Optional.of(name(speaker));
    }

    /** Why a turn of {@code speaker} goes nowhere whatever brokerd says; empty when it has a peer. */
    public Optional<String> nowhere(String speaker) {
        if (speaker == null) {
            return Optional.of(TurnDecision.NO_SPEAKER);
        }
        if (isOwner(speaker)) {
            return Optional.empty();
        }
        Optional<String> name = Speakers.peerName(speaker);
        if (name.isEmpty()) {
            return Optional.of(TurnDecision.INVALID_SPEAKER);
        }
        String folded = name.get().toLowerCase(Locale.ROOT);
        if (agentPeer != null && folded.equals(agentPeer.toLowerCase(Locale.ROOT))) {
            return Optional.of(TurnDecision.SPEAKER_LIKE_AGENT);
        }
        boolean likeOwner = ownerPeer != null && folded.equals(ownerPeer.toLowerCase(Locale.ROOT));
        boolean likeOwnerName = ownerName != null && Speakers.peerName(ownerName)
                .map(n -> n.toLowerCase(Locale.ROOT).equals(folded)).orElse(false);
        return likeOwner || likeOwnerName ? Optional.of(TurnDecision.SPEAKER_LIKE_OWNER) : Optional.empty();
    }

    private boolean isOwner(String speaker) {
        return ownerPeer != null && (speaker.equals(ownerName)
                || Speakers.peerName(speaker).map(ownerPeer::equals).orElse(false));
    }

    private String name(String speaker) {
        return isOwner(speaker) ? ownerPeer : Speakers.peerName(speaker).orElseThrow();
    }
}
