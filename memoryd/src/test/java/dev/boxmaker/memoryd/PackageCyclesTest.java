package dev.boxmaker.memoryd;

import dev.boxmaker.proto.testing.PackageCycles;

/**
 * No import cycle between memoryd's packages ({@code memoryd}, {@code memoryd.index},
 * {@code memoryd.index.text}, {@code memoryd.recall}, {@code memoryd.sentences}, …). The root holds only
 * the daemon's assembly ({@link Assembly}, {@link Memoryd}, {@link EarlyIndex}, {@link Main}).
 */
class PackageCyclesTest implements PackageCycles {
    @Override
    public String root() {
        return "dev.boxmaker.memoryd";
    }
}
