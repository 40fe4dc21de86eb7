package dev.boxmaker.brokerd.runtime;

import dev.boxmaker.proto.tools.ToolContract;
import io.smallrye.mutiny.Uni;

/** The memory tools to memoryd, everything else to the configured runtime (the M5a spec, section 8). */
public final class CompositeRuntime implements Runtime {
    private final Runtime memory;
    private final Runtime others;

    public CompositeRuntime(Runtime memory, Runtime others) {
        this.memory = memory;
        this.others = others;
    }

    @Override
    public Output run(RunSpec spec) {
        return runLabelled(spec).output();
    }

    @Override
    public Labelled runLabelled(RunSpec spec) {
        return to(spec).runLabelled(spec);
    }

    @Override
    public Uni<Labelled> call(RunSpec spec) {
        return to(spec).call(spec);
    }

    private Runtime to(RunSpec spec) {
        return ToolContract.MEMORY_TOOLS.contains(spec.request().tool()) ? memory : others;
    }
}
