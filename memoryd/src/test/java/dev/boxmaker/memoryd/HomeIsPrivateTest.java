package dev.boxmaker.memoryd;

import dev.boxmaker.proto.testing.PrivateHomes;
import java.io.PrintStream;
import java.util.concurrent.atomic.AtomicReference;

/** Issue 35, item 9: memoryd's home is made private at start, and a home another user owns stops the start. */
class HomeIsPrivateTest implements PrivateHomes {
    @Override
    public String daemon() {
        return "memoryd";
    }

    @Override
    public int prepare(String[] args, PrintStream err) {
        return Main.prepare(args, err, new AtomicReference<>());
    }
}
