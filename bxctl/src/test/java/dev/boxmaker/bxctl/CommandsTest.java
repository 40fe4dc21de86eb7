package dev.boxmaker.bxctl;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * bxctl builds only the command a command line names (a cold start's saving); what the owner sees
 * must be what the whole tree gives, byte for byte, help and errors included.
 */
class CommandsTest {
    record Run(int code, String out, String err) {
    }

    /** Command lines whose output the two trees must agree on; no daemon answers in this home. */
    static final String[][] LINES = {
        {}, {"--help"}, {"-h"}, {"-V"}, {"status"}, {"status", "--help"}, {"status", "--json"}, {"--json", "status"},
        {"--home", "HOME", "status"}, {"--home=HOME", "status"}, {"--home", "HOME", "--home", "HOME", "status"},
        {"--home"}, {"--home", "status"}, {"--json=true", "status"}, {"-h", "status"}, {"--help", "memory", "show"},
        {"--bogus", "status"}, {"status", "--bogus"}, {"status", "extra"}, {"statsu"}, {"--", "status"}, {"-", "status"},
        {"memory"}, {"memory", "--help"}, {"memory", "shwo"}, {"memory", "show"}, {"memory", "show", "--help"},
        {"memory", "log", "5"}, {"memory", "undo"}, {"memory", "undo", "--help"}, {"memory", "search", "-k", "11", "q"},
        {"memory", "search", "--help"}, {"reindex"}, {"reindex", "--help"}, {"chat", "hello"}, {"chat", "--help"},
        {"chat", "--session", "not an id!", "hello"}, {"approvals"}, {"approvals", "--help"}, {"approve"},
        {"approve", "1"}, {"deny", "--help"}, {"grants", "x"}, {"audit", "5"}, {"audit", "--help"},
        {"--admin-socket", "/nonexistent.sock", "grants"}, {"generate-completion"}, {"generate-completion", "--help"},
        {"memory", "search"}, {"memory", "show", "extra"}, {"memory", "--bogus", "show"}, {"memory", "show", "--bogus"},
        {"memory", "-h", "show"}, {"memory", "--json", "show"}, {"memory", "undo", "a", "b"}, {"memory", "log", "x"},
        {"memory", "accept", "--help"}, {"memory", "--", "show"}, {"memory", "ask"}, {"memory", "ask", "--help"},
        {"memory", "ask", "--workspace"},
    };

    @Test
    void eachCommandLineGivesWhatTheWholeTreeGives(@TempDir Path home) throws Exception {
        for (String[] line : LINES) {
            String[] args = java.util.Arrays.stream(line).map(a -> a.replace("HOME", home.toString())).toArray(String[]::new);
            assertThat(lazily(args, home)).as(String.join(" ", args)).isEqualTo(wholly(args, home));
        }
    }

    @Test
    void aNamedCommandIsBuiltAlone() {
        assertThat(built("--home", "/h", "--json", "status")).isEqualTo("[status]");
        assertThat(built("--home=/h", "memory", "show")).isEqualTo("[memory]");
        assertThat(built("approve", "1")).isEqualTo("[approve]");
        assertThat(built("--memory-socket", "/m", "--admin-socket", "/a", "--loop-socket=/l", "reindex"))
                .isEqualTo("[reindex]");
    }

    @Test
    void aMemoryCommandRightAfterMemoryIsBuiltAlone() {
        assertThat(builtInMemory("memory", "show")).isEqualTo("[show]");
        assertThat(builtInMemory("--json", "memory", "search", "-k", "3", "q")).isEqualTo("[search]");
        assertThat(builtInMemory("memory", "undo", "--help")).isEqualTo("[undo]");
        String all = Commands.MEMORY_NAMES.toString();
        assertThat(builtInMemory("memory")).isEqualTo(all);
        assertThat(builtInMemory("memory", "--json", "show")).isEqualTo(all);
        assertThat(builtInMemory("memory", "shwo")).isEqualTo(all);
    }

    @Test
    void everyMemoryCommandIsNamed() {
        for (var method : picocli.CommandLine.getCommandMethods(MemoryCommand.class, null)) {
            assertThat(Commands.MEMORY_NAMES).contains(method.getAnnotation(picocli.CommandLine.Command.class).name());
        }
        assertThat(Commands.MEMORY_NAMES).contains("search", "ask");
    }

    @Test
    void everyCommandMethodIsNamed() {
        for (var method : picocli.CommandLine.getCommandMethods(Bxctl.class, null)) {
            assertThat(Commands.NAMES).contains(method.getAnnotation(picocli.CommandLine.Command.class).name());
        }
    }

    @Test
    void theWholeTreeIsBuiltForHelpErrorsAndCompletion() {
        String all = Commands.NAMES.toString();
        assertThat(built()).isEqualTo(all);
        assertThat(built("-h", "status")).isEqualTo(all);
        assertThat(built("--bogus", "status")).isEqualTo(all);
        assertThat(built("--home", "status")).isEqualTo(all);
        assertThat(built("--json=true", "status")).isEqualTo(all);
        assertThat(built("statsu")).isEqualTo(all);
        assertThat(built("generate-completion")).isEqualTo(all);
    }

    private static String built(String... args) {
        return Commands.forArgs(new Bxctl(), args).getSubcommands().keySet().toString();
    }

    private static String builtInMemory(String... args) {
        return Commands.forArgs(new Bxctl(), args).getSubcommands().get("memory").getSubcommands().keySet().toString();
    }

    private static Run lazily(String[] args, Path home) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = Bxctl.run(args, new ByteArrayInputStream(new byte[0]), new PrintWriter(out), new PrintWriter(err),
                Map.of("BOXMAKER_HOME", home.toString()));
        return new Run(code, out.toString(), err.toString());
    }

    private static Run wholly(String[] args, Path home) {
        Bxctl top = new Bxctl();
        top.env = Map.of("BOXMAKER_HOME", home.toString());
        top.in = new ByteArrayInputStream(new byte[0]);
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = Bxctl.execute(Commands.whole(top), args, new PrintWriter(out), new PrintWriter(err));
        return new Run(code, out.toString(), err.toString());
    }
}
