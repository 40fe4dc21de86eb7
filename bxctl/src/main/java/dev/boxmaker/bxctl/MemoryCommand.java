package dev.boxmaker.bxctl;

import dev.boxmaker.proto.client.Wait;
import dev.boxmaker.proto.wire.msg.MemoryAdmin;
import dev.boxmaker.proto.wire.msg.MemoryAdminReply;
import java.time.Duration;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;

/**
 * {@code bxctl memory ...}: memoryd's owner commands. Each sends {@code memory_admin} with its
 * command and argument to memoryd's owner socket and prints the reply escaped. Its commands (these
 * methods, {@link IndexCommands.SearchCommand} and {@link AskCommand}) are added by {@link Commands#memory}, which builds
 * only the one a command line names.
 */
@Command(name = "memory", description = "memoryd: the memory files, their edits and recall.",
        addMethodSubcommands = false)
final class MemoryCommand implements Runnable {
    /** The runbook entry for a memoryd that does not answer the owner. */
    static final String RUNBOOK = "memoryd-start-failed";

    @ParentCommand
    Bxctl top;

    @Override
    public void run() {
        throw new CommandLine.ParameterException(Commands.memory(this, null), BxctlSentences.NO_COMMAND);
    }

    int admin(String command, String arg) {
        return admin(command, arg, Duration.ofSeconds(Wait.MEMORY_ADMIN_SECONDS));
    }

    int admin(String command, String arg, Duration wait) {
        return DaemonCall.run(top, top.memorySocket(), request(command, arg), wait, RUNBOOK,
                MemoryAdminReply.class, MemoryAdminReply::text, top.json);
    }

    /** {@code memory_admin} for {@code command}: with {@code --json}, asking for the answer as a JSON document. */
    MemoryAdmin request(String command, String arg) {
        return new MemoryAdmin(command, arg, top.json ? MemoryAdmin.JSON : null);
    }

    @Command(name = "show", description = "The memory block a new session would get now, with each file's count.")
    int show() {
        return admin("show", "");
    }

    @Command(name = "log", description = {"The last N journalled edits (default 20), newest first.",
        "--all: every edit, newest first, read from memoryd a page at a time and printed as it comes;"
                + " --before ID: the edits journalled before that one."})
    int log(@Parameters(arity = "0..1", paramLabel = "N", description = "How many edits, 1 to 1,000.") String count,
            @picocli.CommandLine.Option(names = "--all", description = "Every edit, not only the last N.") boolean all,
            @picocli.CommandLine.Option(names = "--before", paramLabel = "ID",
                    description = "Start below this edit (an id bxctl memory log shows).") String before) {
        if (all && count != null) {
            throw new CommandLine.ParameterException(Commands.memory(this, "log"), BxctlSentences.LOG_ALL_OR_N);
        }
        if (all) {
            return LogPages.all(this, before);
        }
        if (before != null) {
            return admin("log", (count == null ? LogPages.LOG_DEFAULT_EDITS : count) + " before " + before);
        }
        return admin("log", count == null ? "" : count);
    }

    @Command(name = "sync", description = "Fleet memory in Honcho: per workspace what is sent, waiting and failed,"
            + " an outage or a refused key, and the turns without a speaker.")
    int sync() {
        return admin("sync", "");
    }

    @Command(name = "undo", description = "Undo an edit, if it is the latest of its file and the file has not changed since.")
    int undo(@Parameters(paramLabel = "ID", description = "The edit's id, as bxctl memory log shows it.") String id) {
        return admin("undo", id);
    }

    @Command(name = "pending", description = "The writes waiting for your review ([memory] review = true).")
    int pending() {
        return admin("pending", "");
    }

    @Command(name = "accept", description = "Apply a waiting write, checked against the files as they are now.")
    int accept(@Parameters(paramLabel = "ID", description = "The id bxctl memory pending shows.") String id) {
        return admin("accept", id);
    }

    @Command(name = "reject", description = "Discard a waiting write; the rejection is journalled.")
    int reject(@Parameters(paramLabel = "ID", description = "The id bxctl memory pending shows.") String id) {
        return admin("reject", id);
    }
}
