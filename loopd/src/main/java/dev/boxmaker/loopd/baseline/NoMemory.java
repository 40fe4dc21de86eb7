package dev.boxmaker.loopd.baseline;

import dev.boxmaker.proto.SessionId;

/** No memory at all: tests and the self-test only. The baseline is system.md, a blank line, and nothing. */
public final class NoMemory implements MemorySource {
    @Override
    public String block() {
        return "";
    }

    @Override
    public void sessionUpdated(SessionId session, long turn) {
        // Nothing remembers, so there is nothing to tell.
    }
}
