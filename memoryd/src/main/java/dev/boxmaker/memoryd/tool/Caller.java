package dev.boxmaker.memoryd.tool;

import dev.boxmaker.proto.DataClass;
import dev.boxmaker.proto.Label;
import dev.boxmaker.proto.SessionId;
import dev.boxmaker.proto.wire.msg.MemoryCall;
import java.util.Objects;

/**
 * Who made a memory call and the session's state when brokerd decided it: its taint class and
 * whether it had read untrusted content (the spec, section 7). {@code turn} is the session's turn the
 * call came in, as {@link CallTurns} read it from the session's log, or null when not known.
 */
public record Caller(SessionId session, String call, Long turn, DataClass taint, boolean untrusted) {
    public Caller {
        Objects.requireNonNull(session, "session");
        Objects.requireNonNull(call, "call");
        Objects.requireNonNull(taint, "taint");
    }

    /** A caller whose turn is not known. */
    public Caller(SessionId session, String call, DataClass taint, boolean untrusted) {
        this(session, call, null, taint, untrusted);
    }

    /** The caller of {@code memoryCall}, made in {@code turn} of its session (null: not known). */
    public static Caller of(MemoryCall memoryCall, Long turn) {
        return new Caller(memoryCall.request().session(), memoryCall.request().call(), turn, memoryCall.taint(),
                memoryCall.untrusted());
    }

    /**
     * The label of the answer, and of a note this session writes: the session's class, at least
     * private (a session's taint starts there, home.md), and the session's untrusted flag. brokerd
     * combines it with the grant's label, which can only make it stricter.
     */
    public Label label() {
        return new Label(taint.max(DataClass.PRIVATE), untrusted);
    }
}
