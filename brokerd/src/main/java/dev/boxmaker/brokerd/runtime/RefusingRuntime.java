package dev.boxmaker.brokerd.runtime;

import dev.boxmaker.brokerd.sentences.Sentences;
import dev.boxmaker.proto.wire.msg.Outcome;

/** {@code [runtime] kind = "refusing"}: no tool but the memory tools can run. */
public final class RefusingRuntime implements Runtime {
    @Override
    public Output run(RunSpec spec) {
        return new Output(Outcome.REFUSED, Sentences.noRuntime(spec.request().tool()));
    }
}
