package dev.boxmaker.bxctl;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** bxctl's own sentences, pinned (conventions.md); a daemon's sentence names its runbook entry once. */
class BxctlSentencesTest {
    @Test
    void aRefusalGetsItsRunbookEntryUnlessItsSentenceEndsWithIt() {
        assertThat(BxctlSentences.refusedWithRunbook("no edit has the id \"x\"", null))
                .isEqualTo("no edit has the id \"x\"");
        assertThat(BxctlSentences.refusedWithRunbook("the grants are invalid", "grants-invalid"))
                .isEqualTo("the grants are invalid (runbook grants-invalid)");
        assertThat(BxctlSentences.refusedWithRunbook("the model did not answer (runbook model-unavailable)",
                "model-unavailable")).isEqualTo("the model did not answer (runbook model-unavailable)");
        // The session-log sentences of common-proto end "; see runbook session-log-invalid".
        assertThat(BxctlSentences.refusedWithRunbook("session s cannot go on; start a new one: the session log /l is"
                + " not valid at record 2 (line 3 in an editor): it is not one JSON object; the records before it were"
                + " read and none after it; see runbook session-log-invalid", "session-log-invalid"))
                .isEqualTo("session s cannot go on; start a new one: the session log /l is not valid at record 2"
                        + " (line 3 in an editor): it is not one JSON object; the records before it were read and"
                        + " none after it; see runbook session-log-invalid");
        assertThat(BxctlSentences.refusedWithRunbook("x; see runbook other", "model-unavailable"))
                .isEqualTo("x; see runbook other (runbook model-unavailable)");
    }

    @Test
    void aRequestThatCannotBeSentSaysWhy() {
        assertThat(BxctlSentences.notSent("frame too large: 17,000,053 bytes; the limit is 16,777,216"))
                .isEqualTo("this request cannot be sent: frame too large: 17,000,053 bytes; the limit is 16,777,216");
    }

    @Test
    void statusSaysHowADaemonDidNotAnswer() {
        java.nio.file.Path socket = java.nio.file.Path.of("/h/run/owner-loop/loop.sock");
        assertThat(BxctlSentences.notAnsweringWithin("loopd", socket, 2_000, "loopd-start-failed"))
                .isEqualTo("loopd: not answering within 2,000 ms on /h/run/owner-loop/loop.sock (runbook loopd-start-failed)");
        assertThat(BxctlSentences.noUsableAnswer("loopd", socket, "loopd-start-failed"))
                .isEqualTo("loopd: no usable answer on /h/run/owner-loop/loop.sock (runbook loopd-start-failed)");
        assertThat(BxctlSentences.notAnsweringBecause("loopd", "the socket exists but this user may not open it"))
                .isEqualTo("loopd: the socket exists but this user may not open it");
        assertThat(BxctlSentences.noFigures("unknown kind \"loop_stats\"")).isEqualTo("  no figures: unknown kind \"loop_stats\"");
    }
}
