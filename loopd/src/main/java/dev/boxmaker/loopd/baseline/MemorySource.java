package dev.boxmaker.loopd.baseline;

/**
 * Where a new session's memory block comes from (the M5a spec, section 9): memoryd's client in
 * {@code loopd serve}, {@link NoMemory} in tests and the self-test. The turn runner takes one in its
 * constructor, so no wiring can leave it out.
 */
public interface MemorySource {
    /**
     * The block for a new session.
     *
     * @throws Unavailable with memoryd's reason when there is no block; no session may start then
     */
    String block() throws Unavailable;

    /** Tells memory that a session has new records up to a finished turn; best effort. */
    void sessionUpdated(dev.boxmaker.proto.SessionId session, long turn) throws Unavailable;

    /** No block: the reason is the sentence memoryd gave, or the client's when it did not answer. */
    final class Unavailable extends Exception {
        public Unavailable(String reason) {
            super(reason, null, false, false);
        }
    }
}
