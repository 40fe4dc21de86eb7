package dev.boxmaker.memoryd.honcho.sync;

import static dev.boxmaker.memoryd.honcho.sync.TurnDecidingTest.decided;
import static dev.boxmaker.memoryd.honcho.sync.TurnDecidingTest.reply;
import static dev.boxmaker.memoryd.honcho.sync.TurnDecidingTest.user;
import static org.assertj.core.api.Assertions.assertThat;

import dev.boxmaker.memoryd.honcho.decide.SpeakerPeers;
import dev.boxmaker.memoryd.honcho.decide.TurnRecords;
import dev.boxmaker.proto.DataClass;
import dev.boxmaker.proto.testing.RunningServer;
import java.util.Optional;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The owner is one peer (issue 33 item 9) and no speaker is written as a peer this agent writes as
 * (issue 35 item 6): with {@code [memory] owner = "Kyle"}, {@code [honcho] owner = "kyle"} and
 * {@code [honcho] agent = "boxmaker0"}, the rig's names.
 */
class SpeakerPeersTest {
    static final String S = "mm-peers";

    DecideRig rig;

    @BeforeEach
    void start() throws Exception {
        rig = new DecideRig("peers");
    }

    @AfterEach
    void stop() {
        rig.close();
    }

    @Test
    void theOwnersNameAndPeerAreOnePeerAndNamesLikeTheAgentsOrTheOwnersGoNowhere() throws Exception {
        rig.log(S, user(1, "from bxctl chat", "Kyle"), reply(1, "hi"), user(2, "from mattermost", "kyle"),
                reply(2, "hi"), user(3, "shouting", "KYLE"), reply(3, "hi"), user(4, "I am you", "boxmaker0"),
                reply(4, "no"), user(5, "I am you too", "BoxMaker0"), reply(5, "no"), user(6, "hello", "ann"),
                reply(6, "hi ann"));
        try (RunningServer b = rig.brokerd(DataClass.PRIVATE, false)) {
            rig.updated(S);
        }
        assertThat(rig.ledgerLines()).containsExactly(decided(S, 1, "bx-trusted", "clean"),
                decided(S, 2, "bx-trusted", "clean"), decided(S, 3, null, "speaker-like-owner"),
                decided(S, 4, null, "speaker-like-agent"), decided(S, 5, null, "speaker-like-agent"),
                decided(S, 6, "bx-trusted", "clean"));
        assertThat(rig.ledger.nowhereCounts()).containsEntry("speaker-like-owner", 1L)
                .containsEntry("speaker-like-agent", 2L);
    }

    @Test
    void theWorkerIsGivenTheOwnersTurnsAsTheOwnersPeerFromTheDecisionAndFromTheLog() throws Exception {
        rig.log(S, user(1, "from bxctl chat", "Kyle"), reply(1, "hi"), user(2, "hello", "ann"), reply(2, "hi ann"));
        try (RunningServer b = rig.brokerd(DataClass.PRIVATE, false)) {
            rig.updated(S);
        }
        SpeakerPeers peers = DecideRig.PEERS;
        LoggedItems decided = new LoggedItems(rig.home, null, rig.deciding.kept(), peers);
        LoggedItems afterRestart = new LoggedItems(rig.home, null, new KeptTurns(), peers);
        for (LoggedItems items : new LoggedItems[] {decided, afterRestart}) {
            assertThat(items.turn(S, 1).map(TurnRecords::speaker)).isEqualTo(Optional.of("kyle"));
            assertThat(items.turn(S, 2).map(TurnRecords::speaker)).isEqualTo(Optional.of("ann"));
        }
        assertThat(decided.tails().recordsRead).isZero();
        assertThat(afterRestart.tails().recordsRead).isEqualTo(4);
    }

    @Test
    void withoutAnOwnersNameOnlyTheExactPeerIsTheOwner() {
        SpeakerPeers peers = new SpeakerPeers(null, "kyle", "boxmaker0");
        assertThat(peers.peer("kyle")).contains("kyle");
        assertThat(peers.nowhere("Kyle")).contains("speaker-like-owner");
        assertThat(peers.peer("kyle.k")).contains("kyle_k");
        assertThat(SpeakerPeers.NONE.peer("boxmaker0")).contains("boxmaker0");
    }
}
