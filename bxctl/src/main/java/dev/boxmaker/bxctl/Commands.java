package dev.boxmaker.bxctl;

import java.util.List;
import java.util.Set;
import picocli.AutoComplete;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;

/**
 * bxctl's command tree, built from the annotations of each command. Building a command costs
 * picocli reflection on its class and annotations, most of a cold start's work, so a command line
 * that names one command builds bxctl and that command's own tree only: the parse, the help and the
 * errors of that command are the same as in the whole tree ({@code CommandsTest} compares both).
 * The whole tree is built when the command line names no command, when a help, version or unknown
 * option comes before the command (the top's usage lists every command), and for
 * {@code generate-completion}, whose script covers every command. {@code memory} is built the same
 * way one level down: with the one command that comes right after it, else with all nine.
 */
final class Commands {
    /** bxctl's commands, in the order {@code bxctl --help} lists them. */
    static final List<String> NAMES = List.of("chat", "memory", "reindex", "status", "generate-completion",
            "approvals", "approve", "audit", "deny", "grants");

    /** memory's commands, in the order {@code bxctl memory --help} lists them: the classes, then the methods. */
    static final List<String> MEMORY_NAMES = List.of("search", "ask", "accept", "log", "pending", "reject", "show",
            "sync", "undo");

    /** The top-level options that may come before a command without the whole tree being built. */
    private static final Set<String> PLAIN_OPTIONS = Set.of("--home", "--memory-socket", "--admin-socket",
            "--loop-socket", "--json");

    private Commands() {
    }

    /** The tree {@code args} needs: bxctl with the one command they name, or with every command. */
    static CommandLine forArgs(Bxctl top, String[] args) {
        CommandLine cli = new CommandLine(top);
        int at = named(cli.getCommandSpec(), args);
        String named = at < 0 ? null : args[at];
        // memory's own command, when it comes right after memory: memory show is built with show alone.
        String next = at >= 0 && at + 1 < args.length && MEMORY_NAMES.contains(args[at + 1]) ? args[at + 1] : null;
        for (String name : NAMES) {
            if (named == null || named.equals(name)) {
                cli.addSubcommand(name, name.equals("memory") ? memory(new MemoryCommand(), next) : command(name));
            }
        }
        return cli;
    }

    /**
     * memory's tree: with the one command {@code named}, or with every command when it is null (for
     * memory's usage, its errors and an unknown command). Built as the whole tree is, the class
     * first, so that the help lists the commands in the same order.
     */
    static CommandLine memory(MemoryCommand memory, String named) {
        CommandLine cli = new CommandLine(memory);
        for (String name : MEMORY_NAMES) {
            if (named == null || named.equals(name)) {
                cli.addSubcommand(name, switch (name) {
                    case "search" -> new IndexCommands.SearchCommand();
                    case "ask" -> new AskCommand();
                    default -> CommandLine.getCommandMethods(MemoryCommand.class, name).get(0);
                });
            }
        }
        return cli;
    }

    /** The whole tree, whatever the command line names. */
    static CommandLine whole(Bxctl top) {
        return forArgs(top, new String[0]);
    }

    /**
     * Where the command {@code args} name is when only plain top-level options (and their values)
     * come before it, else -1. {@code generate-completion} is never built alone.
     */
    static int named(CommandSpec spec, String[] args) {
        for (int i = 0; i < args.length; i++) {
            String arg = args[i];
            int equals = arg.indexOf('=');
            String optionName = equals > 0 ? arg.substring(0, equals) : arg;
            if (!PLAIN_OPTIONS.contains(optionName)) {
                return NAMES.contains(arg) && !arg.equals("generate-completion") ? i : -1;
            }
            boolean takesValue = spec.findOption(optionName).arity().min() > 0;
            if (takesValue && equals < 0) {
                i++;
            } else if (!takesValue && equals > 0) {
                return -1;
            }
        }
        return -1;
    }

    private static Object command(String name) {
        return switch (name) {
            case "chat" -> new ChatCommand();
            case "reindex" -> new IndexCommands.ReindexCommand();
            case "status" -> new StatusCommand();
            case "generate-completion" -> new AutoComplete.GenerateCompletion();
            default -> CommandLine.getCommandMethods(Bxctl.class, name).get(0);
        };
    }
}
