package dev.boxmaker.loopd;

import dev.boxmaker.loopd.sentences.Sentences;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** Every sentence loopd says, pinned. */
class SentencesTest {
    @Test
    void theFixedSentences() {
        assertThat(Sentences.USAGE).isEqualTo("usage: loopd serve [--config FILE] | loopd self-test");
        assertThat(Sentences.NO_MODEL).isEqualTo("no model is configured, so loopd cannot answer; set [model] url in"
                + " loopd.toml and restart loopd");
        assertThat(Sentences.TOO_MANY_CALLS).isEqualTo("this turn made 16 model calls without an answer; ask again");
        assertThat(Sentences.CALL_CUT_OFF).isEqualTo("no answer: loopd stopped while this call ran, so it may or may not"
                + " have run; check before calling it again");
        assertThat(Sentences.ARGUMENTS_NOT_OBJECT).isEqualTo("the arguments are not a JSON object");
        assertThat(Sentences.SESSION_BUSY).isEqualTo("this session already has turns waiting; wait for the answer and"
                + " send again");
        assertThat(Sentences.LOOPD_STOPPING).isEqualTo("loopd is stopping, so the turn was not taken; send it again"
                + " when loopd is back");
        assertThat(Sentences.TURN_NOT_RUN).isEqualTo("loopd is stopping, so this turn, which was waiting for an"
                + " earlier turn of its session, was not run; send it again when loopd is back");
        assertThat(Sentences.TURN_FAILED_PARTWAY).isEqualTo(PartwayTest.FAILED_PARTWAY);
        assertThat(Sentences.TURN_STOPPED_PARTWAY).isEqualTo("loopd stopped while this turn ran: the session's log"
                + " keeps what it did so far (the message, and any answers and tool calls of the model), so a tool may"
                + " have run; check before sending it again when loopd is back");
        assertThat(Sentences.TURN_TEXT_TOO_LONG).isEqualTo(TurnLimitTest.TOO_LONG);
    }

    @Test
    void theFormattedSentences() {
        assertThat(Sentences.memoryUnavailable("why")).isEqualTo(
                "memory is unavailable, so no new session can start: why (runbook memory-unavailable)");
        assertThat(Sentences.sessionFull(31_000, 28_672))
                .isEqualTo("this session is full (31,000 of 28,672 tokens); start a new session");
        assertThat(Sentences.modelDown("http://m/v1/chat/completions", "ConnectException")).isEqualTo("the model at"
                + " http://m/v1/chat/completions did not answer after 3 tries (ConnectException); check that it runs"
                + " (runbook model-unavailable)");
        assertThat(Sentences.modelTimedOut("http://m/v1/chat/completions", 300)).isEqualTo("the model at"
                + " http://m/v1/chat/completions did not answer within its timeout of 300 s; check that it runs, or"
                + " raise [model] timeout (runbook model-unavailable)");
        assertThat(Sentences.modelRefused("http://m", 401)).isEqualTo("the model at http://m refused the request"
                + " with HTTP 401; check [model] name and api_key (runbook model-unavailable)");
        assertThat(Sentences.modelFailed("http://m", 502)).isEqualTo("the model at http://m failed with HTTP 502"
                + " after 3 tries; check its log (runbook model-unavailable)");
        assertThat(Sentences.modelReplyInvalid("http://m", "not JSON")).isEqualTo("the model at http://m answered"
                + " something that is not a chat completion (not JSON); check that it is OpenAI-compatible"
                + " (runbook model-unavailable)");
        assertThat(Sentences.unknownTool("x")).isEqualTo(
                "there is no tool called \"x\"; use find_tool to look for one and call_tool to run it");
        assertThat(Sentences.callIdTooLong(128)).isEqualTo("the tool-call id is longer than 128 characters");
        assertThat(Sentences.tooManyToolCalls(32)).isEqualTo("not run: one answer may make at most 32 tool calls");
        assertThat(Sentences.brokerUnavailable("why")).isEqualTo("the tool did not run: why");
        assertThat(Sentences.callToolName()).isEqualTo("call_tool: \"name\" must be the name of a tool find_tool listed");
        assertThat(Sentences.callToolArguments()).isEqualTo("call_tool: \"arguments\" must be a JSON object");
        assertThat(Sentences.findToolQuery(200)).isEqualTo("find_tool: \"query\" must be a string of 1 to 200 characters");
        assertThat(Sentences.noToolsMatch("q")).isEqualTo("(no tools match \"q\")");
        assertThat(Sentences.catalogUnreadable()).isEqualTo("the tool catalog cannot be read; no tools can be found now");
        assertThat(Sentences.adminUnknown("x")).isEqualTo("unknown command \"x\"; the commands are sessions, show and last");
        assertThat(Sentences.noSessions()).isEqualTo("(no sessions)");
        assertThat(Sentences.noSuchSession("x")).isEqualTo("there is no session \"x\"");
        assertThat(Sentences.showCut(1_000_000)).isEqualTo("(cut at 1,000,000 characters)");
        assertThat(Sentences.startFailed("why")).isEqualTo("loopd could not start: why (runbook loopd-start-failed)");
        assertThat(Sentences.MODEL_URL_CREDENTIALS).isEqualTo("[model] url must not hold a user name or password; put"
                + " the key in a [secrets.NAME] file and name it in [model] api_key");
        assertThat(Sentences.secretUnknown("k")).isEqualTo("[model] api_key names the secret \"k\", which has no file");
        assertThat(Sentences.secretUnreadable(Path.of("/s"), "is bad")).isEqualTo("the secret file /s is bad");
        assertThat(Sentences.secretUnreadable(Path.of("/s"), Sentences.KEY_NOT_ONE_LINE)).isEqualTo("the secret file /s"
                + " holds a character a bearer token cannot carry (a carriage return, a second line, or one outside"
                + " printable ASCII); write the key alone on one line");
        assertThat(Sentences.positive("[model] timeout")).isEqualTo("[model] timeout must be above zero");
        assertThat(Sentences.replyOverContext()).isEqualTo("[model] max_reply_tokens must be below [model] context_tokens");
        assertThat(Sentences.baselineUnreadable("s", "why")).isEqualTo("the baseline of session s cannot be read (why);"
                + " the session cannot go on: start a new one (runbook session-log-invalid)");
        assertThat(Sentences.logInvalid("s", "the session log /l is not valid at record 2 (line 3 in an editor): x"))
                .isEqualTo("session s cannot go on; start a new one: the session log /l is not valid at record 2"
                        + " (line 3 in an editor): x");
        assertThat(Sentences.logUnreadable("s", "why")).isEqualTo("the log of session s cannot be read (why);"
                + " the session cannot go on: start a new one (runbook session-log-invalid)");
        assertThat(Sentences.logWriteFailed("s", "why")).isEqualTo("the log of session s could not be written (why);"
                + " the turn stopped; check the disk");
        assertThat(Sentences.messageLogged("why (runbook r)"))
                .isEqualTo("your message is already in the session's log, so do not send it again: why (runbook r)");
        assertThat(Sentences.messageNotLogged("why")).isEqualTo("your message was not written to the session's log: why");
        assertThat(Sentences.noTurns("chat-1")).isEqualTo("session chat-1 has no turns yet");
        assertThat(Sentences.noAnswerYet("chat-1", 3)).isEqualTo("turn 3 of session chat-1 has no answer yet: it is still"
                + " running (a call may wait for your approval: bxctl approvals), or it stopped partway"
                + " (bxctl chat --session chat-1 MESSAGE goes on)");
        assertThat(Sentences.systemUnreadable(Path.of("/s.md"), "why")).isEqualTo("[system] file /s.md cannot be read: why");
    }

    @Test
    void everyRunbookEntryLoopdNamesExists() {
        java.nio.file.Path root = java.nio.file.Path.of(System.getProperty("boxmaker.root", ".."));
        for (String entry : java.util.List.of(Sentences.RUNBOOK_MODEL, Sentences.RUNBOOK_MEMORY, "session-log-invalid",
                dev.boxmaker.loopd.tools.ToolRunner.BROKER_RUNBOOK, "loopd-start-failed")) {
            assertThat(root.resolve("runbook/" + entry + ".md")).exists();
        }
    }

    @Test
    void quotedValuesAreEscapedAndCut() {
        assertThat(Sentences.unknownTool("a\nb")).isEqualTo(
                "there is no tool called \"a\\nb\"; use find_tool to look for one and call_tool to run it");
        assertThat(Sentences.noToolsMatch("x".repeat(100))).contains("x".repeat(79) + "…\"");
    }
}
