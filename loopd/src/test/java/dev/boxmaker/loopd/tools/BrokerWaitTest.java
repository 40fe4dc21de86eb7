package dev.boxmaker.loopd.tools;

import static org.assertj.core.api.Assertions.assertThat;

import dev.boxmaker.loopd.testing.FakeBrokerd;
import dev.boxmaker.proto.SessionId;
import dev.boxmaker.proto.log.ToolCall;
import dev.boxmaker.proto.testing.TempHomes;
import dev.boxmaker.proto.testing.TestServers;
import dev.boxmaker.proto.wire.msg.Outcome;
import dev.boxmaker.proto.wire.msg.ToolResponse;
import io.vertx.core.Vertx;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * How long loopd waits for brokerd's answer (wire.md: a tool_request waits as long as its grant
 * allows, an ask grant up to brokerd's [approvals] timeout): an answer brokerd may still give is
 * waited for, so the model is not told a call failed that brokerd then runs.
 */
class BrokerWaitTest {
    private Path home;
    private Vertx vertx;
    private FakeBrokerd brokerd;

    @BeforeEach
    void start() throws Exception {
        home = TempHomes.create("bxw");
        vertx = TestServers.vertx();
        brokerd = new FakeBrokerd(vertx, home.resolve("broker.sock"));
    }

    @AfterEach
    void stop() throws Exception {
        brokerd.close();
        TestServers.close(vertx);
        TempHomes.delete(home);
    }

    @Test
    void callToolWaitsForTheLongestAnswerBrokerdMayGive() {
        // An ask grant's call waits for the owner up to brokerd's longest [approvals] timeout (24 h),
        // then runs up to the longest timeout a grant may give (1 h); a minute more for brokerd's work.
        assertThat(ToolRunner.CALL_TOOL_WAIT_SECONDS).isEqualTo(TimeUnit.HOURS.toSeconds(25) + 60);
    }

    @Test
    void callToolTakesAnAnswerThatComesAfterTheCoreToolsWait() {
        brokerd.answer = r -> {
            sleep(1_500);
            return new ToolResponse(r.call(), Outcome.OK, r.tool() + " ran late", dev.boxmaker.proto.DataClass.PRIVATE,
                    false, "ask");
        };
        // The longer wait is one no loaded machine reaches: the answer comes after the core tools' wait.
        ToolRunner tools = new ToolRunner(home.resolve("broker.sock"), new Catalog(home.resolve("tools")),
                Clock.systemUTC(), Duration.ofSeconds(1), Duration.ofSeconds(60));
        SessionId session = SessionId.of("chat-1");

        ToolResult late = tools.run(session, new ToolCall("c1", "call_tool", "{\"name\":\"fetch\",\"arguments\":{}}"));
        ToolResult core = tools.run(session, new ToolCall("c2", "recall", "{\"query\":\"x\"}"));

        assertThat(late.outcome()).isEqualTo(Outcome.OK);
        assertThat(late.text()).isEqualTo("fetch ran late");
        assertThat(core.outcome()).isEqualTo(Outcome.FAILED);
        assertThat(core.text()).isEqualTo("the tool did not run: no reply from " + home.resolve("broker.sock")
                + " within 1 seconds; see runbook brokerd-start-failed");
    }

    /** wire.md: loopd waits 180 s on brokerd for ask_memory, whose own wait on memoryd is 170 s. */
    @Test
    void askMemoryWaits180SecondsTheOtherCoreTools40() {
        ToolRunner tools = new ToolRunner(home.resolve("broker.sock"), new Catalog(home.resolve("tools")), Clock.systemUTC());
        assertThat(tools.waitFor("ask_memory")).isEqualTo(Duration.ofSeconds(180));
        assertThat(tools.waitFor("recall")).isEqualTo(tools.waitFor("memory")).isEqualTo(Duration.ofSeconds(40));
    }

    @Test
    void askMemoryTakesAnAnswerThatComesAfterTheOtherCoreToolsWait() {
        brokerd.answer = r -> {
            sleep(1_500);
            return new ToolResponse(r.call(), Outcome.OK, r.tool() + " answered late", dev.boxmaker.proto.DataClass.PRIVATE,
                    true, "builtin-ask_memory");
        };
        // ask_memory's wait is one no loaded machine reaches: the answer comes after the core tools' wait.
        ToolRunner tools = new ToolRunner(home.resolve("broker.sock"), new Catalog(home.resolve("tools")),
                Clock.systemUTC(), Duration.ofSeconds(1), Duration.ofSeconds(1), Duration.ofSeconds(60));

        ToolResult ask = tools.run(SessionId.of("chat-1"), new ToolCall("c1", "ask_memory", "{\"question\":\"q\"}"));

        assertThat(ask.outcome()).isEqualTo(Outcome.OK);
        assertThat(ask.text()).isEqualTo("ask_memory answered late");
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
