package dev.boxmaker.proto;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** The line every daemon prints when it stops at start, and the home lock's reasons. */
class StartFailedTest {
    @Test
    void theLineNamesTheDaemonsRunbookEntry() {
        assertThat(Sentences.startFailed("loopd", "[model] context_tokens must be positive"))
                .isEqualTo("loopd could not start: [model] context_tokens must be positive (runbook loopd-start-failed)");
    }

    @Test
    void theHomeLocksSentences() {
        assertThat(Sentences.homeInUse("loopd", Path.of("/home/o/run/loopd.lock")))
                .isEqualTo("another loopd is running on this home (it holds /home/o/run/loopd.lock); stop it first");
        assertThat(Sentences.homeLockFailed("brokerd", Path.of("/home/o/audit/brokerd.lock"), "Permission denied"))
                .isEqualTo("/home/o/audit/brokerd.lock cannot be locked (Permission denied); brokerd runs only while it holds it");
    }

    @Test
    void aReasonThatEndsWithAnEntryOfItsOwnKeepsOnlyThatOne() {
        assertThat(Sentences.startFailed("brokerd", "audit/2026-11.jsonl line 3 is not an audit record"
                + " (runbook brokerd-audit-damaged)")).isEqualTo("brokerd could not start: audit/2026-11.jsonl line 3"
                + " is not an audit record (runbook brokerd-audit-damaged)");
        assertThat(Sentences.startFailed("brokerd", "a (runbook x) in the middle; then more"))
                .isEqualTo("brokerd could not start: a (runbook x) in the middle; then more (runbook brokerd-start-failed)");
    }
}
