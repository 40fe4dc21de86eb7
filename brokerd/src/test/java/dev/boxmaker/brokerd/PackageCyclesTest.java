package dev.boxmaker.brokerd;

import dev.boxmaker.proto.testing.PackageCycles;

/** No import cycle between brokerd's packages; its root holds only the daemon's assembly and entry point. */
class PackageCyclesTest implements PackageCycles {
    @Override
    public String root() {
        return "dev.boxmaker.brokerd";
    }
}
