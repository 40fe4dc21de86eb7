package dev.boxmaker.bxctl;

import dev.boxmaker.proto.client.Wait;
import dev.boxmaker.proto.wire.msg.MemoryAdmin;
import dev.boxmaker.proto.wire.msg.MemoryAdminReply;
import java.time.Duration;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;

/** {@code bxctl memory ...}: memoryd's owner commands. */
@Command(name = "memory", description = "memoryd: the memory files, their edits and recall.",
        subcommands = {MemoryCommand.Show.class, MemoryCommand.Log.class, MemoryCommand.Undo.class,
            MemoryCommand.Pending.class, MemoryCommand.Accept.class, MemoryCommand.Reject.class})
final class MemoryCommand implements Runnable {
    /** The runbook entry for a memoryd that does not answer the owner. */
    static final String RUNBOOK = "memoryd-start-failed";

    @ParentCommand
    Bxctl top;

    @Override
    public void run() {
        throw new picocli.CommandLine.ParameterException(new picocli.CommandLine(this), BxctlSentences.NO_COMMAND);
    }

    /** Sends {@code memory_admin {command, arg}} and prints the reply escaped. */
    int admin(String command, String arg) {
        return DaemonCall.run(top, top.memorySocket(), new MemoryAdmin(command, arg),
                Duration.ofSeconds(Wait.MEMORY_ADMIN_SECONDS), RUNBOOK, MemoryAdminReply.class, MemoryAdminReply::text);
    }

    /** {@code bxctl memory show}: the block a new session would get now. */
    @Command(name = "show", description = "The memory block a new session would get now, with each file's count.")
    static final class Show implements Callable<Integer> {
        @ParentCommand
        MemoryCommand memory;

        @Override
        public Integer call() {
            return memory.admin("show", "");
        }
    }

    /** {@code bxctl memory log [N]}: the last N journalled edits. */
    @Command(name = "log", description = "The last N journalled edits (default 20), newest first.")
    static final class Log implements Callable<Integer> {
        @ParentCommand
        MemoryCommand memory;

        @Parameters(arity = "0..1", paramLabel = "N", description = "How many edits, 1 to 1,000.")
        String count;

        @Override
        public Integer call() {
            return memory.admin("log", count == null ? "" : count);
        }
    }

    /** {@code bxctl memory undo <id>}: undoes the latest edit of a file. */
    @Command(name = "undo", description = "Undo an edit, if it is the latest of its file and the file has not changed since.")
    static final class Undo implements Callable<Integer> {
        @ParentCommand
        MemoryCommand memory;

        @Parameters(paramLabel = "ID", description = "The edit's id, as bxctl memory log shows it.")
        String id;

        @Override
        public Integer call() {
            return memory.admin("undo", id);
        }
    }

    /** {@code bxctl memory pending}: writes waiting for review. */
    @Command(name = "pending", description = "The writes waiting for your review ([memory] review = true).")
    static final class Pending implements Callable<Integer> {
        @ParentCommand
        MemoryCommand memory;

        @Override
        public Integer call() {
            return memory.admin("pending", "");
        }
    }

    /** {@code bxctl memory accept <id>}: applies a waiting write. */
    @Command(name = "accept", description = "Apply a waiting write, checked against the files as they are now.")
    static final class Accept implements Callable<Integer> {
        @ParentCommand
        MemoryCommand memory;

        @Parameters(paramLabel = "ID", description = "The waiting write's id, as bxctl memory pending shows it.")
        String id;

        @Override
        public Integer call() {
            return memory.admin("accept", id);
        }
    }

    /** {@code bxctl memory reject <id>}: discards a waiting write. */
    @Command(name = "reject", description = "Discard a waiting write; the rejection is journalled.")
    static final class Reject implements Callable<Integer> {
        @ParentCommand
        MemoryCommand memory;

        @Parameters(paramLabel = "ID", description = "The waiting write's id, as bxctl memory pending shows it.")
        String id;

        @Override
        public Integer call() {
            return memory.admin("reject", id);
        }
    }
}
