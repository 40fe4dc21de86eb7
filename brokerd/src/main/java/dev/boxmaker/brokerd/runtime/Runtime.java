package dev.boxmaker.brokerd.runtime;

import dev.boxmaker.proto.Label;
import dev.boxmaker.proto.wire.msg.Outcome;
import dev.boxmaker.proto.wire.msg.ToolRequest;
import io.smallrye.mutiny.Uni;
import java.time.Duration;
import java.util.Optional;

/**
 * Where a decided call runs (brokerd.md, "Runtimes"). A runtime never throws for a call that went
 * wrong: it answers {@code failed} or {@code refused} with a sentence. brokerd runs a call through
 * {@link #call}: a runtime that waits on another daemon answers later and holds no thread meanwhile;
 * one that blocks runs on the thread that subscribes, a worker, never an event loop.
 */
public interface Runtime {
    /** A decided call, with the session's taint when it was decided and the grant's time limit. */
    record RunSpec(ToolRequest request, Label taint, Duration timeout) {
    }

    /** What the model sees and how the call ended. */
    record Output(Outcome outcome, String text) {
    }

    /** An output and the label the runtime gives it, if any. */
    record Labelled(Output output, Optional<Label> label) {
    }

    Output run(RunSpec spec);

    /** The output with the runtime's own label; by default none, so only the grant's applies. */
    default Labelled runLabelled(RunSpec spec) {
        return new Labelled(run(spec), Optional.empty());
    }

    /**
     * The call as brokerd makes it: by default {@link #runLabelled} on the subscribing thread. The
     * answer may come on an event loop; whoever continues with blocking work moves off it first.
     */
    default Uni<Labelled> call(RunSpec spec) {
        return Uni.createFrom().item(() -> runLabelled(spec));
    }
}
