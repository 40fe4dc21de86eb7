package dev.boxmaker.memoryd.honcho.decide;

import static org.assertj.core.api.Assertions.assertThat;

import dev.boxmaker.proto.DataClass;
import dev.boxmaker.proto.Label;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The M5c spec's section 4, first table: one test per row, and the order a late decision can move in. */
class TurnDecisionsTest {
    private static final String S = "mm-abc";
    private static final Label CLEAN = Label.SESSION_START;
    private static final Label PUBLIC = new Label(DataClass.PUBLIC, false);
    private static final Label UNTRUSTED = new Label(DataClass.PRIVATE, true);
    private static final Label SECRET = new Label(DataClass.SECRET, false);
    private static final BrokerAnswer DOWN = new BrokerAnswer.Unavailable(
            "nothing answers on /h/run/memory-broker/state.sock (is the daemon running?); see runbook broker-state-unavailable");

    private static TurnRecords turn(String speaker, String text, String reply, Label log) {
        return new TurnRecords(3, speaker, text, reply, log);
    }

    private static TurnRecords clean() {
        return turn("kyle", "the launch moved to Thursday", "Noted: Thursday.", CLEAN);
    }

    private static BrokerAnswer broker(Label label) {
        return new BrokerAnswer.State(label);
    }

    private static TurnOutcome decide(TurnRecords records, BrokerAnswer broker) {
        return TurnDecisions.decide(S, records, broker, CLEAN, List.of());
    }

    private static TurnDecision decision(Destination destination, String reason) {
        return new TurnDecision(S, 3, destination, reason);
    }

    @Test
    void aCleanPrivateSessionGoesToTheTrustedWorkspace() {
        assertThat(decide(clean(), broker(CLEAN))).isEqualTo(decision(Destination.TRUSTED, "clean"));
    }

    @Test
    void aCleanPublicSessionGoesToTheTrustedWorkspace() {
        assertThat(decide(turn("kyle", "hi", "hello", PUBLIC), broker(PUBLIC)))
                .isEqualTo(decision(Destination.TRUSTED, "clean"));
    }

    @Test
    void untrustedByBrokerdGoesToTheUntrustedWorkspace() {
        assertThat(decide(clean(), broker(UNTRUSTED))).isEqualTo(decision(Destination.UNTRUSTED, "untrusted-by-brokerd"));
        assertThat(decide(clean(), broker(new Label(DataClass.PUBLIC, true))))
                .isEqualTo(decision(Destination.UNTRUSTED, "untrusted-by-brokerd"));
    }

    @Test
    void untrustedByTheLogGoesToTheUntrustedWorkspaceWhateverBrokerdSays() {
        assertThat(decide(turn("kyle", "read it", "done", UNTRUSTED), broker(CLEAN)))
                .isEqualTo(decision(Destination.UNTRUSTED, "untrusted-by-log"));
    }

    @Test
    void aSecretSessionGoesNowhere() {
        assertThat(decide(clean(), broker(SECRET))).isEqualTo(decision(Destination.NONE, "secret-class"));
        assertThat(decide(clean(), broker(new Label(DataClass.SECRET, true))))
                .isEqualTo(decision(Destination.NONE, "secret-class"));
    }

    @Test
    void aSecretToolResultInTheLogGoesNowhereEvenWhenBrokerdForgotTheSession() {
        assertThat(decide(turn("kyle", "x", "y", SECRET), broker(CLEAN))).isEqualTo(decision(Destination.NONE, "secret-class"));
        assertThat(decide(turn("kyle", "x", "y", SECRET), DOWN)).isEqualTo(decision(Destination.NONE, "secret-class"));
    }

    @Test
    void noSpeakerGoesNowhere() {
        assertThat(decide(turn(null, "hi", "hello", CLEAN), broker(CLEAN))).isEqualTo(decision(Destination.NONE, "no-speaker"));
    }

    @Test
    void aSpeakerThatCannotBeAPeerNameGoesNowhere() {
        for (String speaker : List.of("", "kyle smith", "k\u00fcbra", "a/b", "x".repeat(513))) {
            assertThat(decide(turn(speaker, "hi", "hello", CLEAN), broker(CLEAN))).as(speaker)
                    .isEqualTo(decision(Destination.NONE, "invalid-speaker"));
        }
    }

    @Test
    void aMattermostNameWithADotIsAPeerName() {
        assertThat(decide(turn("kyle.smith", "hi", "hello", CLEAN), broker(CLEAN)))
                .isEqualTo(decision(Destination.TRUSTED, "clean"));
        assertThat(decide(turn("x".repeat(512), "hi", "hello", CLEAN), broker(CLEAN)))
                .isEqualTo(decision(Destination.TRUSTED, "clean"));
        assertThat(Speakers.peerName("kyle.smith")).contains("kyle_smith");
    }

    @Test
    void aKnownPrefixSecretInTheTextOrTheReplyGoesNowhereNamingTheRule() {
        String key = "ghp_" + "A".repeat(36);
        assertThat(decide(turn("kyle", "my token is " + key, "ok", CLEAN), broker(CLEAN)))
                .isEqualTo(decision(Destination.NONE, "known-prefix-secret:ghp_"));
        assertThat(decide(turn("kyle", "what is it?", "it is " + key, UNTRUSTED), broker(UNTRUSTED)))
                .isEqualTo(decision(Destination.NONE, "known-prefix-secret:ghp_"));
        assertThat(decide(turn("kyle", "-----BEGIN OPENSSH PRIVATE KEY-----", "ok", CLEAN), broker(CLEAN)))
                .isEqualTo(decision(Destination.NONE, "known-prefix-secret:private-key"));
    }

    @Test
    void aConfiguredSecretsValueGoesNowhereWithoutNamingIt() {
        TurnOutcome outcome = TurnDecisions.decide(S, turn("kyle", "the db password is s3cr3t-value!", "ok", CLEAN),
                broker(CLEAN), CLEAN, List.of("s3cr3t-value"));
        assertThat(outcome).isEqualTo(decision(Destination.NONE, "known-prefix-secret:configured-secret"));
    }

    @Test
    void brokerdUnavailableLeavesACleanTurnUndecided() {
        assertThat(decide(clean(), DOWN)).isEqualTo(new TurnOutcome.Undecided(S, 3,
                "nothing answers on /h/run/memory-broker/state.sock (is the daemon running?); see runbook"
                        + " broker-state-unavailable"));
        // The log says untrusted, but the class may be secret: only brokerd can say it is not.
        assertThat(decide(turn("kyle", "x", "y", UNTRUSTED), DOWN)).isInstanceOf(TurnOutcome.Undecided.class);
    }

    @Test
    void brokerdUnavailableStillDecidesWhatGoesNowhereWhateverItWouldSay() {
        assertThat(decide(turn(null, "hi", "hello", CLEAN), DOWN)).isEqualTo(decision(Destination.NONE, "no-speaker"));
        assertThat(decide(turn("a b", "hi", "hello", CLEAN), DOWN)).isEqualTo(decision(Destination.NONE, "invalid-speaker"));
        assertThat(decide(turn("kyle", "AKIA" + "Q".repeat(16), "ok", CLEAN), DOWN))
                .isEqualTo(decision(Destination.NONE, "known-prefix-secret:AKIA"));
    }

    /** T37: a session that fetched a page never reaches the trusted workspace, even when brokerd answers late. */
    @Test
    void t37ALateCleanAnswerCannotMakeAFetchedPageTrusted() {
        TurnRecords fetched = turn("kyle", "summarise https://example.com", "It says hello.", UNTRUSTED);
        TurnOutcome first = decide(fetched, DOWN);
        assertThat(first).isInstanceOf(TurnOutcome.Undecided.class);
        // brokerd restarted meanwhile: a session it has not seen answers private and trusted (section 7).
        assertThat(TurnDecisions.decide(S, fetched, broker(CLEAN), fetched.logLabel(), List.of()))
                .isEqualTo(decision(Destination.UNTRUSTED, "untrusted-by-log"));
    }

    @Test
    void taintSeenByAnEarlierAttemptIsKeptWhenNeitherSourceShowsItNow() {
        assertThat(TurnDecisions.decide(S, clean(), broker(CLEAN), UNTRUSTED, List.of()))
                .isEqualTo(decision(Destination.UNTRUSTED, "untrusted-earlier"));
        assertThat(TurnDecisions.decide(S, clean(), DOWN, SECRET, List.of()))
                .isEqualTo(decision(Destination.NONE, "secret-class"));
    }

    /**
     * Every label brokerd, the log and an earlier attempt can give: raising any one of them never
     * moves a decision towards trusted, so a later decision can only go towards untrusted or nowhere.
     */
    @Test
    void aStricterInputNeverGivesALessStrictDecision() {
        List<Label> labels = new ArrayList<>();
        for (DataClass c : DataClass.values()) {
            labels.add(new Label(c, false));
            labels.add(new Label(c, true));
        }
        for (Label log : labels) {
            for (Label before : labels) {
                for (Label now : labels) {
                    Destination base = destination(decide(log, before, broker(now)));
                    for (Label higher : labels) {
                        if (higher.equals(higher.combine(now))) {
                            assertThat(destination(decide(log, before, broker(higher))).compareTo(base))
                                    .as("log %s, before %s, brokerd %s then %s", log, before, now, higher)
                                    .isGreaterThanOrEqualTo(0);
                        }
                        if (higher.equals(higher.combine(log))) {
                            assertThat(destination(decide(higher, before, broker(now))).compareTo(base)).isGreaterThanOrEqualTo(0);
                        }
                        if (higher.equals(higher.combine(before))) {
                            assertThat(destination(decide(log, higher, broker(now))).compareTo(base)).isGreaterThanOrEqualTo(0);
                        }
                    }
                    assertThat(base == Destination.TRUSTED)
                            .isEqualTo(!log.untrusted() && !before.untrusted() && !now.untrusted()
                                    && log.combine(before).combine(now).dataClass() != DataClass.SECRET);
                }
            }
        }
    }

    private static TurnOutcome decide(Label log, Label before, BrokerAnswer broker) {
        return TurnDecisions.decide(S, turn("kyle", "hi", "hello", log), broker, before, List.of());
    }

    private static Destination destination(TurnOutcome outcome) {
        return ((TurnDecision) outcome).destination();
    }

    @Test
    void theDecisionIsTheLedgersJson() throws Exception {
        TurnDecision d = decision(Destination.UNTRUSTED, "untrusted-by-log");
        String json = dev.boxmaker.proto.Json.MAPPER.writeValueAsString(d);
        assertThat(json).isEqualTo("{\"session\":\"mm-abc\",\"turn\":3,\"destination\":\"untrusted\",\"reason\":\"untrusted-by-log\"}");
        assertThat(dev.boxmaker.proto.Json.MAPPER.readValue(json, TurnDecision.class)).isEqualTo(d);
    }
}
