package dev.boxmaker.bxctl;

import dev.boxmaker.proto.client.Wait;
import dev.boxmaker.proto.wire.msg.MemoryAdmin;
import dev.boxmaker.proto.wire.msg.MemoryAdminReply;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.ParentCommand;

/** {@code bxctl memory ...}: memoryd's owner commands. */
@Command(name = "memory", description = "memoryd: the memory files, their edits and recall.",
        subcommands = {MemoryCommand.Show.class})
final class MemoryCommand implements Runnable {
    /** The runbook entry for a memoryd that does not answer the owner. */
    static final String RUNBOOK = "memoryd-start-failed";

    @ParentCommand
    Bxctl top;

    @Override
    public void run() {
        throw new picocli.CommandLine.ParameterException(new picocli.CommandLine(this), BxctlSentences.NO_COMMAND);
    }

    /** {@code bxctl memory show}: the block a new session would get now. */
    @Command(name = "show", description = "The memory block a new session would get now, with each file's count.")
    static final class Show implements Callable<Integer> {
        @ParentCommand
        MemoryCommand memory;

        @Override
        public Integer call() {
            Bxctl top = memory.top;
            return DaemonCall.run(top, top.memorySocket(), new MemoryAdmin("show", ""),
                    java.time.Duration.ofSeconds(Wait.MEMORY_ADMIN_SECONDS), RUNBOOK, MemoryAdminReply.class, MemoryAdminReply::text);
        }
    }
}
