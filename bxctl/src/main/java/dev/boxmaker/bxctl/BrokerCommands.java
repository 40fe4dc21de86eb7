package dev.boxmaker.bxctl;

import dev.boxmaker.proto.client.Wait;
import dev.boxmaker.proto.wire.msg.BrokerAdmin;
import dev.boxmaker.proto.wire.msg.BrokerAdminReply;
import java.time.Duration;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;

/** {@code bxctl approvals|approve|deny|grants|audit}: brokerd's owner commands, one request each. */
final class BrokerCommands {
    /** The runbook entry for a brokerd that does not answer the owner. */
    static final String RUNBOOK = "brokerd-start-failed";

    private BrokerCommands() {
    }

    /** Sends {@code broker_admin {command, arg}} and prints the reply escaped. */
    static int admin(Bxctl top, String command, String arg) {
        return DaemonCall.run(top, top.brokerSocket(), new BrokerAdmin(command, arg),
                Duration.ofSeconds(Wait.BROKER_ADMIN_SECONDS), RUNBOOK, BrokerAdminReply.class, BrokerAdminReply::text);
    }

    @Command(name = "approvals", description = "The tool calls waiting for your approval: id, session, tool, grant, arguments.")
    static final class Approvals implements Callable<Integer> {
        @ParentCommand
        Bxctl top;

        @Override
        public Integer call() {
            return admin(top, "approvals", "");
        }
    }

    @Command(name = "approve", description = "Run a waiting call.")
    static final class Approve implements Callable<Integer> {
        @ParentCommand
        Bxctl top;

        @Parameters(paramLabel = "ID", description = "The call's id, as bxctl approvals shows it.")
        String id;

        @Override
        public Integer call() {
            return admin(top, "approve", id);
        }
    }

    @Command(name = "deny", description = "Refuse a waiting call.")
    static final class Deny implements Callable<Integer> {
        @ParentCommand
        Bxctl top;

        @Parameters(paramLabel = "ID", description = "The call's id, as bxctl approvals shows it.")
        String id;

        @Override
        public Integer call() {
            return admin(top, "deny", id);
        }
    }

    @Command(name = "grants", description = "The grants in force (the two built in first), or why grants/ is invalid.")
    static final class Grants implements Callable<Integer> {
        @ParentCommand
        Bxctl top;

        @Override
        public Integer call() {
            return admin(top, "grants", "");
        }
    }

    @Command(name = "audit", description = "The last N lines of this month's audit log (default 20).")
    static final class Audit implements Callable<Integer> {
        @ParentCommand
        Bxctl top;

        @Parameters(arity = "0..1", paramLabel = "N", description = "How many lines, 1 to 1,000.")
        String count;

        @Override
        public Integer call() {
            return admin(top, "audit", count == null ? "" : count);
        }
    }
}
