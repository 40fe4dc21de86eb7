package dev.boxmaker.proto.wire;

import dev.boxmaker.proto.SessionId;
import dev.boxmaker.proto.wire.msg.BrokerAdmin;
import dev.boxmaker.proto.wire.msg.BrokerAdminReply;
import dev.boxmaker.proto.wire.msg.BrokerStats;
import dev.boxmaker.proto.wire.msg.BrokerStatsReply;
import dev.boxmaker.proto.wire.msg.ErrorReply;
import dev.boxmaker.proto.wire.msg.LoopAdmin;
import dev.boxmaker.proto.wire.msg.LoopAdminReply;
import dev.boxmaker.proto.wire.msg.LoopStats;
import dev.boxmaker.proto.wire.msg.LoopStatsReply;
import dev.boxmaker.proto.wire.msg.MemoryAdmin;
import dev.boxmaker.proto.wire.msg.MemoryAdminReply;
import dev.boxmaker.proto.wire.msg.MemoryStats;
import dev.boxmaker.proto.wire.msg.MemoryStatsReply;
import dev.boxmaker.proto.wire.msg.Message;
import dev.boxmaker.proto.wire.msg.Ok;
import dev.boxmaker.proto.wire.msg.Reindex;
import dev.boxmaker.proto.wire.msg.Reindexed;
import dev.boxmaker.proto.wire.msg.Turn;
import dev.boxmaker.proto.wire.msg.TurnReply;

/**
 * The bodies the light codec reads and writes without jackson-databind: the requests bxctl sends and
 * the replies it reads. Each lists its record's fields in the order the record declares them, the
 * order {@link Envelope#toJson} writes, and turns a record into its values and back. A kind not
 * listed here goes through {@link Envelope}.
 */
enum BodyShape {
    MEMORY_ADMIN(MemoryAdmin.KIND, Field.text("command"), Field.text("arg"), Field.optionalText("format")),
    MEMORY_ADMIN_REPLY(MemoryAdminReply.KIND, Field.text("text")),
    BROKER_ADMIN(BrokerAdmin.KIND, Field.text("command"), Field.text("arg"), Field.optionalText("format")),
    BROKER_ADMIN_REPLY(BrokerAdminReply.KIND, Field.text("text")),
    LOOP_ADMIN(LoopAdmin.KIND, Field.text("command"), Field.text("arg")),
    LOOP_ADMIN_REPLY(LoopAdminReply.KIND, Field.text("text")),
    REINDEX(Reindex.KIND),
    REINDEXED(Reindexed.KIND, Field.count("logs"), Field.count("records"), Field.count("notes")),
    TURN(Turn.KIND, Field.session("session"), Field.text("text"), Field.text("speaker")),
    TURN_REPLY(TurnReply.KIND, Field.session("session"), Field.count("turn"), Field.text("text")),
    OK(Ok.KIND),
    ERROR(ErrorReply.KIND, Field.text("message"), Field.text("runbook")),
    MEMORY_STATS(MemoryStats.KIND),
    MEMORY_STATS_REPLY(MemoryStatsReply.KIND, Field.text("version"), Field.count("uptime_seconds"),
            Field.count("resident_bytes"), Field.count("index_records"), Field.count("index_bytes"),
            Field.text("index_work"), Field.count("index_work_records")),
    BROKER_STATS(BrokerStats.KIND),
    BROKER_STATS_REPLY(BrokerStatsReply.KIND, Field.text("version"), Field.count("uptime_seconds"),
            Field.count("resident_bytes"), Field.count("sessions"), Field.count("approvals_waiting"),
            Field.text("grants_problem")),
    LOOP_STATS(LoopStats.KIND),
    LOOP_STATS_REPLY(LoopStatsReply.KIND, Field.text("version"), Field.count("uptime_seconds"),
            Field.count("resident_bytes"), Field.count("sessions"), Field.count("turns_running"),
            Field.count("turns_queued"), Field.text("model_url"), Field.text("model_error"));

    /** How a field's value is written in JSON, and so which token alone the decoder takes for it. */
    enum Type {
        /** A JSON string, or null (the record's constructor refuses a null it does not allow). */
        TEXT,
        /** As {@link #TEXT}, but left out of the body when null ({@code @JsonInclude(NON_NULL)} on its record). */
        OPTIONAL_TEXT,
        /** A JSON integer that fits a {@code long}. */
        COUNT,
        /** A session id, written as a JSON string. */
        SESSION
    }

    /** One field of a body: its name in JSON and its type. */
    record Field(String name, Type type) {
        static Field text(String name) {
            return new Field(name, Type.TEXT);
        }

        static Field optionalText(String name) {
            return new Field(name, Type.OPTIONAL_TEXT);
        }

        static Field count(String name) {
            return new Field(name, Type.COUNT);
        }

        static Field session(String name) {
            return new Field(name, Type.SESSION);
        }
    }

    private static final Object[] NONE = new Object[0];

    private final String kind;
    private final Field[] fields;

    BodyShape(String kind, Field... fields) {
        this.kind = kind;
        this.fields = fields;
    }

    /** The shape of {@code kind}, or null when the light codec leaves it to {@link Envelope}. */
    static BodyShape of(String kind) {
        for (BodyShape shape : values()) {
            if (shape.kind.equals(kind)) {
                return shape;
            }
        }
        return null;
    }

    /** The kind whose body this is. */
    String kind() {
        return kind;
    }

    /** The body's fields, in the order they are written. */
    Field[] fields() {
        return fields;
    }

    /** Where {@code name} is among the fields, or -1 for a field the record does not have. */
    int indexOf(String name) {
        for (int i = 0; i < fields.length; i++) {
            if (fields[i].name().equals(name)) {
                return i;
            }
        }
        return -1;
    }

    /** {@code message}'s values, one per field, in the fields' order; {@code message} is of this kind. */
    static Object[] fieldValues(Message message) {
        if (message instanceof MemoryAdmin a) {
            return new Object[] {a.command(), a.arg(), a.format()};
        } else if (message instanceof BrokerAdmin a) {
            return new Object[] {a.command(), a.arg(), a.format()};
        } else if (message instanceof LoopAdmin a) {
            return new Object[] {a.command(), a.arg()};
        } else if (message instanceof MemoryAdminReply r) {
            return new Object[] {r.text()};
        } else if (message instanceof BrokerAdminReply r) {
            return new Object[] {r.text()};
        } else if (message instanceof LoopAdminReply r) {
            return new Object[] {r.text()};
        } else if (message instanceof Reindexed r) {
            return new Object[] {r.logs(), r.records(), r.notes()};
        } else if (message instanceof Turn t) {
            return new Object[] {t.session(), t.text(), t.speaker()};
        } else if (message instanceof TurnReply t) {
            return new Object[] {t.session(), t.turn(), t.text()};
        } else if (message instanceof ErrorReply e) {
            return new Object[] {e.message(), e.runbook()};
        }
        return statsValues(message);
    }

    /** The values of a stats reply; none for every other kind (Reindex, Ok and the stats requests). */
    private static Object[] statsValues(Message message) {
        if (message instanceof MemoryStatsReply m) {
            return new Object[] {m.version(), m.uptimeSeconds(), m.residentBytes(), m.indexRecords(), m.indexBytes(),
                m.indexWork(), m.indexWorkRecords()};
        } else if (message instanceof BrokerStatsReply b) {
            return new Object[] {b.version(), b.uptimeSeconds(), b.residentBytes(), b.sessions(), b.approvalsWaiting(),
                b.grantsProblem()};
        } else if (message instanceof LoopStatsReply l) {
            return new Object[] {l.version(), l.uptimeSeconds(), l.residentBytes(), l.sessions(), l.turnsRunning(),
                l.turnsQueued(), l.modelUrl(), l.modelError()};
        }
        return NONE;
    }

    /**
     * The record of this kind holding {@code v}, one value per field; throws as its constructor does
     * (a value missing or refused), or with a {@link NullPointerException} for a count that is missing.
     */
    Message make(Object[] v) {
        return switch (this) {
            case MEMORY_ADMIN -> new MemoryAdmin((String) v[0], (String) v[1], (String) v[2]);
            case BROKER_ADMIN -> new BrokerAdmin((String) v[0], (String) v[1], (String) v[2]);
            case LOOP_ADMIN -> new LoopAdmin((String) v[0], (String) v[1]);
            case MEMORY_ADMIN_REPLY -> new MemoryAdminReply((String) v[0]);
            case BROKER_ADMIN_REPLY -> new BrokerAdminReply((String) v[0]);
            case LOOP_ADMIN_REPLY -> new LoopAdminReply((String) v[0]);
            case REINDEX -> new Reindex();
            case REINDEXED -> new Reindexed((Long) v[0], (Long) v[1], (Long) v[2]);
            case TURN -> new Turn((SessionId) v[0], (String) v[1], (String) v[2]);
            case TURN_REPLY -> new TurnReply((SessionId) v[0], (Long) v[1], (String) v[2]);
            case OK -> new Ok();
            case ERROR -> new ErrorReply((String) v[0], (String) v[1]);
            case MEMORY_STATS -> new MemoryStats();
            case BROKER_STATS -> new BrokerStats();
            case LOOP_STATS -> new LoopStats();
            case MEMORY_STATS_REPLY -> new MemoryStatsReply((String) v[0], (Long) v[1], (Long) v[2], (Long) v[3],
                    (Long) v[4], (String) v[5], (Long) v[6]);
            case BROKER_STATS_REPLY -> new BrokerStatsReply((String) v[0], (Long) v[1], (Long) v[2], (Long) v[3],
                    (Long) v[4], (String) v[5]);
            case LOOP_STATS_REPLY -> new LoopStatsReply((String) v[0], (Long) v[1], (Long) v[2], (Long) v[3],
                    (Long) v[4], (Long) v[5], (String) v[6], (String) v[7]);
        };
    }
}
