package dev.boxmaker.bxctl;

import dev.boxmaker.proto.client.Wait;
import dev.boxmaker.proto.wire.msg.BrokerAdmin;
import dev.boxmaker.proto.wire.msg.BrokerAdminReply;
import java.time.Duration;

/** brokerd's owner commands ({@code bxctl approvals|approve|deny|grants|audit}, in {@link Bxctl}): one request each. */
final class BrokerCommands {
    /** The runbook entry for a brokerd that does not answer the owner. */
    static final String RUNBOOK = "brokerd-start-failed";

    private BrokerCommands() {
    }

    /** Sends {@code broker_admin {command, arg}} and prints the reply escaped (with {@code --json}, asks for and prints its JSON document). */
    static int admin(Bxctl top, String command, String arg) {
        return DaemonCall.run(top, top.brokerSocket(), new BrokerAdmin(command, arg, top.json ? BrokerAdmin.JSON : null),
                Duration.ofSeconds(Wait.BROKER_ADMIN_SECONDS), RUNBOOK, BrokerAdminReply.class, BrokerAdminReply::text,
                top.json);
    }
}
