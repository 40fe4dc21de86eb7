package dev.boxmaker.proto.daemon;

import dev.boxmaker.proto.Numbers;
import java.util.function.Consumer;
import java.util.function.LongSupplier;

/**
 * A log of failures that cannot flood the disk: each failure is one line, never a stack trace, and
 * a line that repeats is written once per {@link #REPEAT_SECONDS}, the next time it comes after that
 * followed by how many times it came meanwhile. A runaway client failing a thousand calls a second
 * writes two lines a minute, not a thousand stack traces. Thread-safe.
 */
public final class RepeatedLines {
    /** How long a repeated line is counted instead of written. */
    public static final long REPEAT_SECONDS = 60;

    private final Consumer<String> out;
    private final LongSupplier nanoTime;
    private String last;
    private long lastWritten;
    private long repeats;

    /** Lines written to {@code out} (a logger's error, say). */
    public RepeatedLines(Consumer<String> out) {
        this(out, System::nanoTime);
    }

    public RepeatedLines(Consumer<String> out, LongSupplier nanoTime) {
        this.out = out;
        this.nanoTime = nanoTime;
    }

    /** Writes {@code line}, unless it is the last line written less than {@link #REPEAT_SECONDS} ago. */
    public synchronized void log(String line) {
        long now = nanoTime.getAsLong();
        if (line.equals(last) && now - lastWritten < REPEAT_SECONDS * 1_000_000_000L) {
            repeats++;
            return;
        }
        if (repeats > 0) {
            out.accept(repeated(last, repeats));
        }
        out.accept(line);
        last = line;
        lastWritten = now;
        repeats = 0;
    }

    /** The line that counts what was not written: {@code <line> (and 1,234 times more since it was logged)}. */
    public static String repeated(String line, long times) {
        return line + " (and " + Numbers.grouped(times) + (times == 1 ? " time" : " times")
                + " more since it was logged)";
    }

    /** A failure on one line: its class and its message, newlines written as spaces. */
    public static String describe(Throwable failure) {
        String message = failure.getMessage();
        return failure.getClass().getSimpleName() + (message == null ? "" : ": " + message.replace('\n', ' '));
    }
}
