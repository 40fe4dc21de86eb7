package dev.boxmaker.brokerd.runtime;

import dev.boxmaker.brokerd.decide.MemoryToolArgs;

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
        boolean memoryTool = MemoryToolArgs.MEMORY_TOOLS.contains(spec.request().tool());
        return (memoryTool ? memory : others).runLabelled(spec);
    }
}
