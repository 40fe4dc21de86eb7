package dev.boxmaker.memoryd.tool;

import dev.boxmaker.proto.DataClass;
import dev.boxmaker.proto.SessionId;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.Optional;
import java.util.function.Function;

/** Shared test helpers: a clock the test moves, a test double of the check, callers, file reads. */
final class Fixture {
    static final String START = "2026-09-24T21:02:11Z";
    static final SessionId CLEAN = SessionId.of("mm-y73sxj3popgwumyccptb56p1ah");
    static final SessionId TAINTED = SessionId.of("mm-dh45qgxyz");

    /** The check's test double: refuses any text holding FORBIDDEN, with a sentence of its own. */
    static final String CHECK_SENTENCE = "refused: the test check";
    static final Function<String, Optional<String>> CHECK =
            t -> t.contains("FORBIDDEN") ? Optional.of(CHECK_SENTENCE) : Optional.empty();

    private Fixture() {
    }

    static Caller clean() {
        return new Caller(CLEAN, "call_1", DataClass.PRIVATE, false);
    }

    static Caller tainted() {
        return new Caller(TAINTED, "call_2", DataClass.PRIVATE, true);
    }

    /** A store with review off on {@code dir}, its clock at START: a new one is a restart. */
    static MemoryStore store(Path dir) throws IOException {
        return new MemoryStore(dir, CHECK, new TestClock(START));
    }

    /** Writes a file as the owner's editor or a stop would have left it. */
    static void write(Path file, String text) throws IOException {
        Files.writeString(file, text, StandardCharsets.UTF_8);
    }

    static String read(Path file) throws IOException {
        return Files.exists(file) ? Files.readString(file, StandardCharsets.UTF_8) : "";
    }

    /** {@code n} code points of text, none of them white space. */
    static String chars(int n) {
        return "x".repeat(n);
    }

    /** A clock the test sets and moves. */
    static final class TestClock extends Clock {
        private Instant now;

        TestClock(String start) {
            this.now = Instant.parse(start);
        }

        void set(String instant) {
            now = Instant.parse(instant);
        }

        void advanceSeconds(long s) {
            now = now.plusSeconds(s);
        }

        @Override
        public ZoneId getZone() {
            return ZoneOffset.UTC;
        }

        @Override
        public Clock withZone(ZoneId zone) {
            return this;
        }

        @Override
        public Instant instant() {
            return now;
        }
    }
}
