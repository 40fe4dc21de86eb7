package dev.boxmaker.brokerd;

import dev.boxmaker.brokerd.sentences.Sentences;
import static org.assertj.core.api.Assertions.assertThat;

import dev.boxmaker.proto.DataClass;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/** Every sentence brokerd says, pinned word for word. */
class SentencesTest {
    @Test
    void startUpAndConfiguration() {
        assertThat(Sentences.USAGE).isEqualTo("usage: brokerd serve [--config FILE]");
        assertThat(Sentences.startFailed("x")).isEqualTo("brokerd could not start: x (runbook brokerd-start-failed)");
        assertThat(Sentences.runtimeKindUnknown("podman")).isEqualTo("[runtime] kind is \"podman\"; it must be \"refusing\" or \"exec\"");
        assertThat(Sentences.execCommandInvalid("t"))
                .isEqualTo("[runtime.exec.t] needs a command of at least one word and a timeout above zero");
        assertThat(Sentences.approvalTimeoutInvalid(24)).isEqualTo("[approvals] timeout must be above zero and at most 24h");
    }

    @Test
    void grants() {
        assertThat(Sentences.GRANT_NAMES_MEMORY_TOOL).isEqualTo("the policy of recall, memory and ask_memory is built in; remove this grant");
        assertThat(Sentences.GRANT_ID_RESERVED).isEqualTo("grant ids starting \"builtin-\" are reserved; rename the file");
        assertThat(Sentences.GRANT_NOT_TOML).isEqualTo("the file is not valid TOML");
        assertThat(Sentences.GRANT_UNREADABLE).isEqualTo("the file cannot be read");
        assertThat(Sentences.GRANTS_UNREADABLE).isEqualTo("the grants folder cannot be read");
        assertThat(Sentences.grantKeyNotString("tool")).isEqualTo("\"tool\" must be a string");
        assertThat(Sentences.grantListInvalid("hosts", 256, 1_024))
                .isEqualTo("\"hosts\" must be a list of at most 256 strings, each of 1 to 1,024 characters");
        assertThat(Sentences.grantFileTooLarge(65_536)).isEqualTo("the file is not a regular file of at most 65,536 bytes");
        assertThat(Sentences.grantsTooMany(1_000)).isEqualTo("the grants folder holds more than 1,000 files");
        assertThat(Sentences.grantsInvalid("grants/a.toml: the file is not valid TOML")).isEqualTo(
                "the grants are invalid, so every call is denied until the owner fixes them: grants/a.toml: the file is not valid TOML"
                        + " (runbook grants-invalid)");
    }

    @Test
    void decisions() {
        assertThat(Sentences.noGrant("http_fetch", DataClass.PRIVATE, Sentences.NO_GRANT_NAMES_TOOL))
                .isEqualTo("no grant allows http_fetch for this session (its class is private; no grant names it)");
        assertThat(Sentences.NO_GRANT_AT_CLASS).isEqualTo("every grant for it needs a lower class");
        assertThat(Sentences.NO_GRANT_ARGS).isEqualTo("its arguments meet no grant's hosts, paths or patterns");
        assertThat(Sentences.grantDenies("g", "t")).isEqualTo("grant g denies t");
        assertThat(Sentences.auditUnwritable("t")).isEqualTo("t was run, but brokerd could not write its audit line, so its"
                + " answer is withheld; do not run it again before the owner has read brokerd's log");
        assertThat(Sentences.argsTooLongForPatterns("g", "t"))
                .isEqualTo("the arguments are too long for grant g's patterns to be checked, so t is denied; shorten them");
        assertThat(Sentences.OWNER_DENIED).isEqualTo("the owner denied this call");
        assertThat(Sentences.ownerTimedOut(Duration.ofMinutes(10)))
                .isEqualTo("the owner did not answer within 10 minutes, so the call is denied");
        assertThat(Sentences.ownerTimedOut(Duration.ofSeconds(90)))
                .isEqualTo("the owner did not answer within 90 seconds, so the call is denied");
        assertThat(Sentences.STOPPED_WHILE_WAITING).isEqualTo("brokerd is stopping, so this call, still waiting for the owner,"
                + " is denied; it can be made again once brokerd is back");
        assertThat(Sentences.argsTooLongToAsk("t\n", 2_000_001, 2_000_000)).isEqualTo("the arguments of t\\n are 2,000,001"
                + " characters when escaped, more than the 2,000,000 the owner can be shown whole, so this call is denied"
                + " without asking; shorten them");
        assertThat(Sentences.grantsTurnedInvalid("grants/x.toml: the file is not valid TOML")).isEqualTo("the grants turned"
                + " invalid while it waited: grants/x.toml: the file is not valid TOML (runbook grants-invalid)");
        assertThat(Sentences.grantRemoved("g")).isEqualTo("grant g was removed while it waited");
        assertThat(Sentences.grantChanged("g")).isEqualTo("grant g was changed while it waited");
        assertThat(Sentences.taintRose(DataClass.SECRET, "g", DataClass.PRIVATE))
                .isEqualTo("the session's class rose to secret while it waited, above grant g's max_taint private");
        assertThat(Sentences.nowDenied("grant d denies t")).isEqualTo("the grants in force now deny it: grant d denies t");
        assertThat(Sentences.approvedButDenied("grant g was removed while it waited"))
                .isEqualTo("the owner approved this call, but grant g was removed while it waited, so it is denied");
        assertThat(Sentences.approvalsFull(1_000))
                .isEqualTo("1,000 calls are already waiting for the owner, so this one is denied; try again later");
    }

    @Test
    void runtimes() {
        assertThat(Sentences.MEMORYD_UNREACHABLE).isEqualTo(
                "memoryd did not answer in 30 seconds; memory calls fail until it is back (runbook memoryd-unreachable)");
        assertThat(Sentences.memorydRefused("busy")).isEqualTo("memoryd refused the call: busy");
        assertThat(Sentences.noRuntime("http_fetch")).isEqualTo("no tool runtime is configured; http_fetch cannot run");
        assertThat(Sentences.EXEC_MEMORY_TOOL).isEqualTo("the exec runtime does not run recall, memory or ask_memory; memoryd does");
        assertThat(Sentences.execStartFailed("t")).isEqualTo("the command for t could not be started; check [runtime.exec] in brokerd.toml");
        assertThat(Sentences.execFailed("t", 2, "bad\u001b[31m")).isEqualTo("t failed with exit code 2: bad\\u{001B}[31m");
        assertThat(Sentences.outputCut(1_048_576)).isEqualTo("\n[output cut at 1,048,576 bytes]");
    }

    @Test
    void theOwnersCommands() {
        assertThat(Sentences.NO_APPROVALS).isEqualTo("(no calls are waiting)");
        assertThat(Sentences.NO_SESSIONS).isEqualTo("(no sessions yet)");
        assertThat(Sentences.NO_AUDIT).isEqualTo("(no audit lines this month)");
        assertThat(Sentences.approved("a3")).isEqualTo("approved a3; it runs now");
        assertThat(Sentences.denied("a3")).isEqualTo("denied a3");
        assertThat(Sentences.approvalNotRun("a3", "grant g was changed while it waited"))
                .isEqualTo("a3 was not run: grant g was changed while it waited; it is denied, and the session is told why");
        assertThat(Sentences.argsCut(1, "a3")).isEqualTo(" [the arguments are cut here, 1 character hidden;"
                + " bxctl approvals a3 shows them whole]");
        assertThat(Sentences.argsCut(12_345, "a3")).isEqualTo(" [the arguments are cut here, 12,345 characters hidden;"
                + " bxctl approvals a3 shows them whole]");
        assertThat(Sentences.argsWhole(2_000_000)).isEqualTo("arguments, whole (2,000,000 characters, escaped):");
        assertThat(Sentences.auditUnreadable("IOException")).isEqualTo("the audit log could not be read: IOException");
    }

    @Test
    void quotedValuesAreEscapedAndCut() {
        assertThat(Sentences.noRuntime("a\nb")).isEqualTo("no tool runtime is configured; a\\nb cannot run");
        assertThat(Sentences.grantKeyUnknown("k".repeat(100))).isEqualTo("unknown key \"" + "k".repeat(79) + "…\"");
    }
}
