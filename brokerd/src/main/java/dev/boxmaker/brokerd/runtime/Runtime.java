package dev.boxmaker.brokerd.runtime;

import dev.boxmaker.proto.Label;
import dev.boxmaker.proto.wire.msg.Outcome;
import dev.boxmaker.proto.wire.msg.ToolRequest;
import java.time.Duration;
import java.util.Optional;

/**
 * Where a decided call runs (brokerd.md, "Runtimes"). A runtime never throws for a call that went
 * wrong: it answers {@code failed} or {@code refused} with a sentence. It may block; brokerd calls it
 * on a worker thread, never on an event loop.
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
}
