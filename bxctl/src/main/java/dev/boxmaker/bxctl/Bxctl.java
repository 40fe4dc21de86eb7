package dev.boxmaker.bxctl;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.Map;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.ScopeType;

/**
 * The owner's command line (bxctl.md). {@link #run} is the testable entry point: it returns the
 * exit code and never calls {@code System.exit}.
 */
@Command(name = "bxctl", mixinStandardHelpOptions = true, scope = ScopeType.INHERIT,
        description = "The owner's command line for Boxmaker's daemons.", addMethodSubcommands = false)
public final class Bxctl implements Runnable {
    @Option(names = "--home", scope = ScopeType.INHERIT,
            description = "The home directory (default: $BOXMAKER_HOME, then /var/lib/boxmaker).")
    Path home;

    @Option(names = "--memory-socket", scope = ScopeType.INHERIT,
            description = "memoryd's owner socket (default: {home}/run/owner-memory/admin.sock).")
    Path memorySocket;

    @Option(names = "--admin-socket", scope = ScopeType.INHERIT,
            description = "brokerd's owner socket (default: {home}/run/owner-broker/admin.sock).")
    Path adminSocket;

    @Option(names = "--loop-socket", scope = ScopeType.INHERIT,
            description = "loopd's socket (default: {home}/run/owner-loop/loop.sock).")
    Path loopSocket;

    @Option(names = "--json", scope = ScopeType.INHERIT,
            description = "Print the reply's body as JSON, for scripts.")
    boolean json;

    Map<String, String> env = System.getenv();

    /** Whether standard output is a terminal, where progress lines are shown; null until {@link #terminal()}. */
    Boolean terminal;

    /** Where {@code bxctl chat} reads a conversation from. */
    java.io.InputStream in = System.in;

    @picocli.CommandLine.Spec
    picocli.CommandLine.Model.CommandSpec spec;

    /**
     * Asked only by the commands that show progress: on JDK 22 and later {@code System.console()}
     * looks up the console providers (jdk.internal.le's among them), work a cold start of every
     * other command would do for nothing.
     */
    boolean terminal() {
        if (terminal == null) {
            terminal = System.console() != null;
        }
        return terminal;
    }

    PrintWriter out() {
        return spec.commandLine().getOut();
    }

    PrintWriter err() {
        return spec.commandLine().getErr();
    }

    @Override
    public void run() {
        throw new CommandLine.ParameterException(spec.commandLine(), BxctlSentences.NO_COMMAND);
    }

    @Command(name = "approvals", description = {
        "The tool calls waiting for your approval, one a line: id, session, tool, grant, how long, and the first 300"
                + " characters of its arguments (escaped). A line whose arguments are longer ends with"
                + " \"[the arguments are cut here, N characters hidden; bxctl approvals ID shows them whole]\".",
        "With ID: that one call, its arguments whole (escaped) on the next line. A call is asked about only when its"
                + " arguments are at most 2,000,000 characters escaped, so this can always show them; a longer one is"
                + " denied without asking."})
    int approvals(@picocli.CommandLine.Parameters(arity = "0..1", paramLabel = "ID",
            description = "A waiting call's id, as the list shows it: show that call whole.") String id) {
        return BrokerCommands.admin(this, "approvals", id == null ? "" : id);
    }

    @Command(name = "approve", description = {"Run a waiting call (read it whole first: bxctl approvals ID).",
        "brokerd decides it again first: if its grant was removed or changed, the grants turned invalid, the"
                + " session's class rose above the grant's max_taint, or a grant now denies it, the call is denied"
                + " instead, and this says what changed and exits 1."})
    int approve(@picocli.CommandLine.Parameters(paramLabel = "ID", description = "The call's id, as bxctl approvals shows it.")
            String id) {
        return BrokerCommands.admin(this, "approve", id);
    }

    @Command(name = "deny", description = "Refuse a waiting call.")
    int deny(@picocli.CommandLine.Parameters(paramLabel = "ID", description = "The call's id, as bxctl approvals shows it.")
            String id) {
        return BrokerCommands.admin(this, "deny", id);
    }

    @Command(name = "grants", description = "The grants in force (the two built in first), or why grants/ is invalid.")
    int grants() {
        return BrokerCommands.admin(this, "grants", "");
    }

    @Command(name = "audit", description = "The last N lines of this month's audit log (default 20).")
    int audit(@picocli.CommandLine.Parameters(arity = "0..1", paramLabel = "N", description = "How many lines, 1 to 1,000.")
            String count) {
        return BrokerCommands.admin(this, "audit", count == null ? "" : count);
    }

    /** Runs one command line; the exit code of bxctl.md (0 done, 1 refused, 2 usage, 3 no answer). */
    public static int run(String[] args, PrintWriter out, PrintWriter err, Map<String, String> env) {
        return run(args, System.in, out, err, env);
    }

    /** As {@link #run(String[], PrintWriter, PrintWriter, Map)}, as if on a terminal (progress lines). */
    static int runOnTerminal(String[] args, PrintWriter out, PrintWriter err, Map<String, String> env) {
        Bxctl top = new Bxctl();
        top.terminal = true;
        return run(top, args, System.in, out, err, env);
    }

    /** As {@link #run(String[], PrintWriter, PrintWriter, Map)}, with standard input given. */
    public static int run(String[] args, java.io.InputStream in, PrintWriter out, PrintWriter err,
            Map<String, String> env) {
        return run(new Bxctl(), args, in, out, err, env);
    }

    private static int run(Bxctl top, String[] args, java.io.InputStream in, PrintWriter out, PrintWriter err,
            Map<String, String> env) {
        top.env = env;
        top.in = in;
        try {
            return execute(Commands.forArgs(top, args), args, out, err);
        } catch (RuntimeException e) {
            // Building the tree or picocli's own work failed: the same sentence as a command's failure.
            return internalError(e, out, err, jsonAsked(args));
        }
    }

    private static int internalError(Exception e, PrintWriter out, PrintWriter err, boolean json) {
        String sentence = BxctlSentences.internalError(e);
        if (json) {
            JsonOut.print(out, JsonOut.error(sentence, null));
            out.flush();
        }
        err.println(sentence);
        err.flush();
        return Exit.INTERNAL;
    }

    /**
     * Whether the command line asks for {@code --json}, read from the words themselves: a usage error
     * or a failure can come before picocli has set the option, or in a tree that never parsed it.
     */
    static boolean jsonAsked(String[] args) {
        for (String arg : args) {
            if (arg.equals("--json")) {
                return true;
            }
            if (arg.equals("--")) {
                return false;
            }
        }
        return false;
    }

    /** Runs {@code args} on the tree {@code cli}, whose top holds the environment and standard input. */
    static int execute(CommandLine cli, String[] args, PrintWriter out, PrintWriter err) {
        cli.setOut(out);
        cli.setErr(err);
        cli.setExitCodeExceptionMapper(e -> Exit.INTERNAL);
        // A command that throws: picocli would print the stack trace and exit as for usage.
        boolean json = jsonAsked(args);
        cli.setExecutionExceptionHandler((e, failed, parsed) -> internalError(e, out, err, json));
        cli.setParameterExceptionHandler((e, argv) -> {
            if (json) {
                JsonOut.print(out, JsonOut.error(e.getMessage(), null));
                out.flush();
            }
            err.println(e.getMessage());
            // The top's usage lists every command, and cli may hold only the one named.
            CommandLine failed = e.getCommandLine();
            (failed == cli ? Commands.whole(new Bxctl()) : failed).usage(err);
            return Exit.USAGE;
        });
        int code = cli.execute(args);
        out.flush();
        err.flush();
        return code;
    }

    /** The home directory: {@code --home}, then {@code $BOXMAKER_HOME}, then /var/lib/boxmaker. */
    Path home() {
        if (home != null) {
            return home.toAbsolutePath();
        }
        String fromEnv = env.get("BOXMAKER_HOME");
        return fromEnv != null && !fromEnv.isEmpty() ? Path.of(fromEnv).toAbsolutePath() : Path.of("/var/lib/boxmaker");
    }

    Path memorySocket() {
        return memorySocket != null ? memorySocket : home().resolve("run/owner-memory/admin.sock");
    }

    Path brokerSocket() {
        return adminSocket != null ? adminSocket : home().resolve("run/owner-broker/admin.sock");
    }

    Path loopSocket() {
        return loopSocket != null ? loopSocket : home().resolve("run/owner-loop/loop.sock");
    }
}
