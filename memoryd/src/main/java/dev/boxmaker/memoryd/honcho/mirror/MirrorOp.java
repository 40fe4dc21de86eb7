package dev.boxmaker.memoryd.honcho.mirror;

import com.fasterxml.jackson.annotation.JsonSubTypes;
import com.fasterxml.jackson.annotation.JsonTypeInfo;
import dev.boxmaker.memoryd.sentences.DecisionSentences;
import java.util.Objects;

/**
 * One Honcho operation a journalled edit asks for (the M5c spec, section 4's second table). Texts
 * are the entries as journalled; the worker neutralises what it sends. {@code session} is the
 * Boxmaker session whose Honcho session stamps what is created (null when none is known).
 */
@JsonTypeInfo(use = JsonTypeInfo.Id.NAME, include = JsonTypeInfo.As.PROPERTY, property = "op")
@JsonSubTypes({
    @JsonSubTypes.Type(value = MirrorOp.CreateConclusion.class, name = "create_conclusion"),
    @JsonSubTypes.Type(value = MirrorOp.DeleteConclusion.class, name = "delete_conclusion"),
    @JsonSubTypes.Type(value = MirrorOp.FleetMessage.class, name = "fleet_message"),
    @JsonSubTypes.Type(value = MirrorOp.FleetRetraction.class, name = "fleet_retraction")})
public sealed interface MirrorOp {
    /** A conclusion in the trusted workspace, {@code peer} observing itself. */
    record CreateConclusion(Peer peer, String content, String session) implements MirrorOp {
        public CreateConclusion {
            Objects.requireNonNull(peer, "peer");
            Objects.requireNonNull(content, "content");
        }
    }

    /**
     * The trusted workspace's conclusion of {@code peer} with {@code content}, as an earlier edit
     * created it: the worker finds its Honcho id in that item's {@code sent} line, and treats a
     * conclusion already gone (404) as deleted.
     */
    record DeleteConclusion(Peer peer, String content) implements MirrorOp {
        public DeleteConclusion {
            Objects.requireNonNull(peer, "peer");
            Objects.requireNonNull(content, "content");
        }
    }

    /** An untrusted note as a message in the fleet workspace, from the agent's peer. */
    record FleetMessage(String content, String session) implements MirrorOp {
        public FleetMessage {
            Objects.requireNonNull(content, "content");
        }
    }

    /**
     * The retraction of an untrusted note already in the fleet: a message beside it from the agent's
     * peer, {@link #message()}; the original stays, since Honcho cannot delete a message.
     */
    record FleetRetraction(String note, String session) implements MirrorOp {
        public FleetRetraction {
            Objects.requireNonNull(note, "note");
        }

        /** The message's text: {@code retracted: <the note>}. */
        public String message() {
            return DecisionSentences.fleetRetraction(note);
        }
    }
}
