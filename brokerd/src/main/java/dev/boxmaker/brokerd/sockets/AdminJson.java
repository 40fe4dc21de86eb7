package dev.boxmaker.brokerd.sockets;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.JsonNode;
import dev.boxmaker.brokerd.approvals.Approvals;
import dev.boxmaker.brokerd.grants.Grant;
import dev.boxmaker.brokerd.grants.GrantSet;
import dev.boxmaker.proto.Json;
import dev.boxmaker.proto.owner.OwnerJson;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * brokerd's answers to {@code broker_admin} with {@code format} json ({@code bxctl … --json}): the
 * records the text is made from, as one JSON document each (bxctl's README lists the fields).
 * Texts are raw, times RFC 3339, durations in seconds with the unit in the key.
 */
final class AdminJson {
    private AdminJson() {
    }

    /** {@code {"valid": bool, "problem": sentence or null, "grants": [{…}]}}, the built-ins first. */
    static String grants(GrantSet set, String problemSentence) {
        List<Grant> shown = new ArrayList<>(GrantSet.builtins());
        shown.addAll(set.owners());
        return OwnerJson.document(g -> {
            g.writeStartObject();
            g.writeBooleanField("valid", set.isValid());
            g.writeStringField("problem", problemSentence);
            g.writeArrayFieldStart("grants");
            for (Grant grant : shown) {
                grant(g, grant);
            }
            g.writeEndArray();
            g.writeEndObject();
        });
    }

    private static void grant(JsonGenerator g, Grant grant) throws IOException {
        g.writeStartObject();
        g.writeStringField("id", grant.id());
        g.writeStringField("tool", grant.tool());
        g.writeStringField("mode", grant.mode().word());
        g.writeStringField("max_taint", grant.maxTaint().wire());
        g.writeStringField("result_class", grant.result().dataClass().wire());
        g.writeBooleanField("untrusted", grant.result().untrusted());
        g.writeNumberField("timeout_seconds", grant.timeout().toSeconds());
        g.writeBooleanField("built_in", grant.builtIn());
        g.writeStringField("sha256", grant.sha256());
        g.writeStringField("file", grant.builtIn() ? null : "grants/" + grant.id() + ".toml");
        OwnerJson.texts(g, "hosts", grant.hosts());
        OwnerJson.texts(g, "patterns", grant.patterns().stream().map(java.util.regex.Pattern::pattern).toList());
        g.writeEndObject();
    }

    /** {@code {"approvals": [{…}]}}: every waiting call, oldest first, its arguments whole. */
    static String approvals(List<Approvals.Pending> waiting) {
        return OwnerJson.document(g -> {
            g.writeStartObject();
            g.writeArrayFieldStart("approvals");
            for (Approvals.Pending p : waiting) {
                approval(g, p);
            }
            g.writeEndArray();
            g.writeEndObject();
        });
    }

    /** One waiting call, {@code bxctl approvals ID --json}. */
    static String approval(Approvals.Pending p) {
        return OwnerJson.document(g -> approval(g, p));
    }

    private static void approval(JsonGenerator g, Approvals.Pending p) throws IOException {
        g.writeStartObject();
        g.writeStringField("id", p.id());
        g.writeStringField("session", p.request().session().value());
        g.writeStringField("call", p.request().call());
        g.writeStringField("tool", p.request().tool());
        g.writeFieldName("arguments");
        g.writeRawValue(Json.MAPPER.writeValueAsString(p.request().args()));
        g.writeStringField("since", p.since().toString());
        g.writeNumberField("waiting_seconds", p.waitingSeconds());
        g.writeStringField("grant", p.grant());
        g.writeEndObject();
    }

    /**
     * {@code {"lines": [{…}]}}: each audit line as its fields, oldest first; a line that is not a JSON
     * object (a damaged log) as {@code {"unreadable": line}}.
     */
    static String audit(List<String> lines) {
        return OwnerJson.document(g -> {
            g.writeStartObject();
            g.writeArrayFieldStart("lines");
            for (String line : lines) {
                JsonNode node = parsed(line);
                if (node != null) {
                    g.writeRawValue(Json.MAPPER.writeValueAsString(node));
                } else {
                    g.writeStartObject();
                    g.writeStringField("unreadable", line);
                    g.writeEndObject();
                }
            }
            g.writeEndArray();
            g.writeEndObject();
        });
    }

    private static JsonNode parsed(String line) {
        try {
            JsonNode node = Json.MAPPER.readTree(line);
            return node != null && node.isObject() ? node : null;
        } catch (IOException e) {
            return null;
        }
    }

    /** {@code {"sessions": [{"session", "class", "untrusted"}]}}: each session's taint as brokerd tracks it. */
    static String sessions(java.util.Map<String, dev.boxmaker.proto.Label> taints) {
        return OwnerJson.document(g -> {
            g.writeStartObject();
            g.writeArrayFieldStart("sessions");
            for (var taint : taints.entrySet()) {
                g.writeStartObject();
                g.writeStringField("session", taint.getKey());
                g.writeStringField("class", taint.getValue().dataClass().wire());
                g.writeBooleanField("untrusted", taint.getValue().untrusted());
                g.writeEndObject();
            }
            g.writeEndArray();
            g.writeEndObject();
        });
    }
}
