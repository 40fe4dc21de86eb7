package dev.boxmaker.loopd;

import dev.boxmaker.proto.testing.PrivateHomes;
import java.io.PrintStream;

/** Issue 35, item 9: loopd's home is made private at start, and a home another user owns stops the start. */
class HomeIsPrivateTest implements PrivateHomes {
    @Override
    public String daemon() {
        return "loopd";
    }

    @Override
    public int prepare(String[] args, PrintStream err) {
        return Main.prepare(args, err);
    }
}
