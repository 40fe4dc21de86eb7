package dev.boxmaker.proto.tools;

import static dev.boxmaker.proto.tools.ToolArgsTest.args;
import static dev.boxmaker.proto.tools.ToolArgsTest.refusal;
import static dev.boxmaker.proto.tools.ToolArgsTest.x;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;
import org.junit.jupiter.api.Test;

/** ask_memory's arguments in the one contract: each limit at its edge and one past, each refusal's sentence. */
class AskArgsTest {
    static final String QUESTION = "ask_memory: \"question\" must be a string of 1 to 2,000 characters";
    static final String WORKSPACES =
            "ask_memory: \"workspaces\" must be a list of 1 to 4 names, each own, untrusted, fleet or another agent's name";
    static final String REASONING = "ask_memory: \"reasoning\" must be \"minimal\" or \"low\"";

    static ObjectNode question(int chars) {
        return ToolArgsTest.with0(x(chars));
    }

    @Test
    void theQuestionIsOneTo2000Characters() throws Exception {
        assertThat(ToolArgs.ask(question(1))).isEqualTo(new AskRequest("x", List.of("own"), "minimal"));
        assertThat(ToolArgs.ask(question(2_000)).question()).hasSize(2_000);
        for (ObjectNode wrong : List.of(question(0), question(2_001), args("{}"), args("{'question': 5}"),
                args("{'question': null}"))) {
            assertThat(refusal("ask_memory", wrong)).as(wrong.toString()).isEqualTo(QUESTION);
        }
    }

    @Test
    void workspacesAreOneToFourDistinctNamesThatCouldBeWorkspaces() throws Exception {
        assertThat(ToolArgs.ask(args("{'question': 'q', 'workspaces': ['fleet', 'own', 'untrusted', 'boxmaker1']}"))
                .workspaces()).containsExactly("fleet", "own", "untrusted", "boxmaker1");
        assertThat(ToolArgs.ask(args("{'question': 'q', 'workspaces': null}")).workspaces()).containsExactly("own");
        for (String wrong : List.of("[]", "['own', 'fleet', 'untrusted', 'a', 'b']", "'own'", "{}", "3")) {
            assertThat(refusal("ask_memory", args("{'question': 'q', 'workspaces': " + wrong + "}")))
                    .as(wrong).isEqualTo(WORKSPACES);
        }
        assertThat(refusal("ask_memory", args("{'question': 'q', 'workspaces': ['own', 'a.b']}")))
                .isEqualTo("ask_memory: workspaces[1] must be own, untrusted, fleet or another agent's name"
                        + " (letters, digits, _ and -)");
        assertThat(refusal("ask_memory", args("{'question': 'q', 'workspaces': [7]}")))
                .startsWith("ask_memory: workspaces[0] must be");
        assertThat(refusal("ask_memory", args("{'question': 'q', 'workspaces': ['" + x(513) + "']}")))
                .startsWith("ask_memory: workspaces[0] must be");
        assertThat(refusal("ask_memory", args("{'question': 'q', 'workspaces': ['" + x(512) + "']}"))).isNull();
        assertThat(refusal("ask_memory", args("{'question': 'q', 'workspaces': ['fleet', 'own', 'fleet']}")))
                .isEqualTo("ask_memory: workspaces[2] names a workspace already in the list; name each once");
    }

    @Test
    void reasoningIsMinimalOrLow() throws Exception {
        assertThat(ToolArgs.ask(args("{'question': 'q', 'reasoning': 'low'}")).reasoning()).isEqualTo("low");
        assertThat(ToolArgs.ask(args("{'question': 'q', 'reasoning': null}")).reasoning()).isEqualTo("minimal");
        for (String wrong : List.of("'medium'", "'LOW'", "1", "['low']")) {
            assertThat(refusal("ask_memory", args("{'question': 'q', 'reasoning': " + wrong + "}")))
                    .as(wrong).isEqualTo(REASONING);
        }
    }
}
