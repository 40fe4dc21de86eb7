package dev.boxmaker.loopd;

import dev.boxmaker.proto.testing.PackageCycles;

/** No import cycle between loopd's packages; its root holds only the daemon's assembly and entry point. */
class PackageCyclesTest implements PackageCycles {
    @Override
    public String root() {
        return "dev.boxmaker.loopd";
    }
}
