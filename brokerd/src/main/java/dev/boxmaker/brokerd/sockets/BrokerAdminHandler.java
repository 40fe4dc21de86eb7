package dev.boxmaker.brokerd.sockets;

import dev.boxmaker.brokerd.sentences.Sentences;
import dev.boxmaker.brokerd.approvals.Approvals;
import dev.boxmaker.brokerd.decide.Broker;
import dev.boxmaker.brokerd.grants.Grant;
import dev.boxmaker.brokerd.grants.GrantSet;
import dev.boxmaker.proto.Label;
import dev.boxmaker.proto.owner.OwnerJson;
import dev.boxmaker.proto.server.Handler;
import dev.boxmaker.proto.server.HandlerRefusal;
import dev.boxmaker.proto.text.Escape;
import dev.boxmaker.proto.wire.msg.BrokerAdmin;
import dev.boxmaker.proto.wire.msg.BrokerAdminReply;
import dev.boxmaker.proto.wire.msg.Message;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** {@code broker_admin} from bxctl: approvals (all, or one whole with its id), approve, deny, grants, audit, sessions. */
public final class BrokerAdminHandler implements Handler<BrokerAdmin> {
    public static final int AUDIT_LINES_DEFAULT = 20;
    public static final int AUDIT_LINES_MAX = 1_000;

    private final Broker broker;

    public BrokerAdminHandler(Broker broker) {
        this.broker = broker;
    }

    @Override
    public Message handle(BrokerAdmin request) throws HandlerRefusal {
        String arg = request.arg().strip();
        if (request.json()) {
            return new BrokerAdminReply(json(request.command(), arg));
        }
        String text = switch (request.command()) {
            case "approvals" -> arg.isEmpty() ? broker.approvals().list() : broker.approvals().show(arg)
                    .orElseThrow(() -> new HandlerRefusal(Sentences.approvalUnknown(arg)));
            case "approve" -> approve(arg);
            case "deny" -> settle(arg, broker.approvals().deny(arg), Sentences.denied(arg));
            case "grants" -> grants(broker.grants().current());
            case "audit" -> audit(arg);
            case "sessions" -> sessions(broker.taints().all());
            default -> throw new HandlerRefusal(Sentences.adminCommandUnknown(request.command()));
        };
        return new BrokerAdminReply(text);
    }

    /** {@code format} json: each command's answer as a JSON document ({@link AdminJson}); refusals as in text. */
    private String json(String command, String arg) throws HandlerRefusal {
        return switch (command) {
            case "approvals" -> arg.isEmpty() ? AdminJson.approvals(broker.approvals().pending())
                    : AdminJson.approval(broker.approvals().pending(arg)
                            .orElseThrow(() -> new HandlerRefusal(Sentences.approvalUnknown(arg))));
            case "approve" -> OwnerJson.outcome("approved", arg, null, approve(arg));
            case "deny" -> OwnerJson.outcome("denied", arg, null,
                    settle(arg, broker.approvals().deny(arg), Sentences.denied(arg)));
            case "grants" -> {
                GrantSet set = broker.grants().current();
                yield AdminJson.grants(set, set.problem().map(Sentences::grantsInvalid).orElse(null));
            }
            case "audit" -> AdminJson.audit(auditLines(arg));
            case "sessions" -> AdminJson.sessions(broker.taints().all());
            default -> throw new HandlerRefusal(Sentences.adminCommandUnknown(command));
        };
    }

    /** A call its grant no longer allows is refused, so the owner's command fails: the call did not run. */
    private String approve(String id) throws HandlerRefusal {
        Approvals.Answer answer = broker.approve(id).orElseThrow(() -> new HandlerRefusal(Sentences.approvalUnknown(id)));
        if (answer.verdict() == Approvals.Verdict.NOT_ALLOWED) {
            throw new HandlerRefusal(Sentences.approvalNotRun(id, answer.why()));
        }
        return Sentences.approved(id);
    }

    private static String settle(String id, boolean found, String done) throws HandlerRefusal {
        if (!found) {
            throw new HandlerRefusal(Sentences.approvalUnknown(id));
        }
        return done;
    }

    /** The problem first when the set is invalid; then every grant matching sees, the built-ins marked. */
    static String grants(GrantSet set) {
        List<String> lines = new ArrayList<>();
        set.problem().ifPresent(p -> lines.add(Sentences.grantsInvalid(p)));
        List<Grant> shown = new ArrayList<>(GrantSet.builtins());
        shown.addAll(set.owners());
        for (Grant g : shown) {
            lines.add(g.id() + "  " + g.tool() + "  " + g.mode().word() + "  max_taint " + g.maxTaint().wire()
                    + "  result " + label(g.result()) + "  timeout " + g.timeout().toSeconds() + "s"
                    + (g.builtIn() ? "  (built in)" : "") + "  sha256 " + g.sha256());
        }
        return String.join("\n", lines);
    }

    private String audit(String arg) throws HandlerRefusal {
        List<String> lines = auditLines(arg);
        return lines.isEmpty() ? Sentences.NO_AUDIT : Escape.escape(String.join("\n", lines));
    }

    /** The last lines {@code arg} asks for (20 when empty), oldest first; a count out of range is refused. */
    private List<String> auditLines(String arg) throws HandlerRefusal {
        int count = AUDIT_LINES_DEFAULT;
        if (!arg.isEmpty()) {
            try {
                count = Integer.parseInt(arg);
            } catch (NumberFormatException e) {
                count = 0;
            }
            if (count < 1 || count > AUDIT_LINES_MAX) {
                throw new HandlerRefusal(Sentences.auditCountInvalid(AUDIT_LINES_MAX));
            }
        }
        try {
            return broker.audit().tail(count);
        } catch (IOException e) {
            throw new HandlerRefusal(Sentences.auditUnreadable(e.getClass().getSimpleName()));
        }
    }

    private static String sessions(Map<String, Label> taints) {
        List<String> lines = new ArrayList<>();
        taints.forEach((session, taint) -> lines.add(session + "  " + label(taint)));
        return lines.isEmpty() ? Sentences.NO_SESSIONS : String.join("\n", lines);
    }

    private static String label(Label label) {
        return label.dataClass().wire() + (label.untrusted() ? " untrusted" : " trusted");
    }
}
