package dev.boxmaker.proto.wire;

import static org.assertj.core.api.Assertions.assertThat;

import dev.boxmaker.proto.wire.msg.Message;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * One literal envelope per message kind of wire.md, each written in the field order its record
 * declares, so decoding then encoding it must give back the same bytes.
 */
final class WireSamples {
    static final Map<String, String> BY_KIND = new LinkedHashMap<>();

    static {
        put("memory_block", "{}");
        put("memory_block_reply", "{\"text\":\"## Memory\\n- likes tea\"}");
        put("session_updated", "{\"session\":\"chat-20260920t140211-3f9a\",\"turn\":3}");
        put("memory_call", "{\"request\":{\"session\":\"chat-20260920t140211-3f9a\",\"call\":\"call_1\","
                + "\"tool\":\"memory\",\"args\":{\"action\":\"add\",\"content\":\"likes tea\"}},"
                + "\"taint\":\"secret\",\"untrusted\":true}");
        put("reindex", "{}");
        put("reindexed", "{\"logs\":12,\"records\":2350,\"notes\":7}");
        put("memory_admin", "{\"command\":\"undo\",\"arg\":\"e-17\"}");
        put("memory_admin_reply", "{\"text\":\"undone: e-17\"}");
        put("tool_request", "{\"session\":\"mm-y73sxj3popgwumyccptb56p1ah\",\"call\":\"call_9\","
                + "\"tool\":\"read_file\",\"args\":{\"path\":\"/srv/notes/q3.txt\",\"lines\":[1,2]}}");
        put("tool_response", "{\"call\":\"call_9\",\"outcome\":\"denied\",\"text\":\"not allowed\","
                + "\"class\":\"public\",\"untrusted\":false,\"grant\":null}");
        put("broker_admin", "{\"command\":\"approve\",\"arg\":\"a-3\"}");
        put("broker_admin_reply", "{\"text\":\"approved a-3\"}");
        put("session_state", "{\"session\":\"chat-20260920t140211-3f9a\"}");
        put("session_state_reply", "{\"class\":\"private\",\"untrusted\":true}");
        put("turn", "{\"session\":\"chat-20260920t140211-3f9a\",\"text\":\"hello\",\"speaker\":\"kyle\"}");
        put("turn_reply", "{\"session\":\"chat-20260920t140211-3f9a\",\"turn\":4,\"text\":\"Noted: Thursday.\"}");
        put("loop_admin", "{\"command\":\"show\",\"arg\":\"chat-20260920t140211-3f9a\"}");
        put("loop_admin_reply", "{\"text\":\"chat-20260920t140211-3f9a 4 turns\"}");
        put("ok", "{}");
        put("error", "{\"message\":\"memory is unavailable\",\"runbook\":\"memory-unavailable\"}");
        put("memory_stats", "{}");
        put("memory_stats_reply", "{\"version\":\"0.1.0\",\"uptime_seconds\":3600,\"resident_bytes\":98304000,"
                + "\"index_records\":1208,\"index_bytes\":4096000,\"index_work\":\"reindex\",\"index_work_records\":500}");
        put("broker_stats", "{}");
        put("broker_stats_reply", "{\"version\":\"0.1.0\",\"uptime_seconds\":60,\"resident_bytes\":null,"
                + "\"sessions\":3,\"approvals_waiting\":1,\"grants_problem\":null}");
        put("loop_stats", "{}");
        put("loop_stats_reply", "{\"version\":\"0.1.0\",\"uptime_seconds\":60,\"resident_bytes\":120000000,"
                + "\"sessions\":2,\"turns_running\":1,\"turns_queued\":0,\"model_url\":\"http://127.0.0.1:8080/v1/chat/completions\","
                + "\"model_error\":null}");
    }

    private WireSamples() {
    }

    private static void put(String kind, String body) {
        BY_KIND.put(kind, envelope(kind, body));
    }

    /** The envelope text for {@code body}, as {@link Envelope#toJson} writes it. */
    static String envelope(String kind, String body) {
        return "{\"kind\":\"" + kind + "\",\"body\":" + body + "}";
    }

    /** Decodes {@code json}, checks that encoding the message gives back exactly {@code json}, and returns it. */
    static Message roundTrip(String json) {
        Message message = Envelope.decode(json.getBytes(StandardCharsets.UTF_8));
        assertThat(new String(Envelope.toJson(message), StandardCharsets.UTF_8)).isEqualTo(json);
        return message;
    }

    /** The sample of {@code kind}, decoded, after checking it round-trips exactly. */
    static <T extends Message> T sample(String kind, Class<T> type) {
        Message message = roundTrip(BY_KIND.get(kind));
        assertThat(message).isInstanceOf(type);
        assertThat(message.kind()).isEqualTo(kind);
        return type.cast(message);
    }
}
