package dev.boxmaker.proto.testing;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.logging.Formatter;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;

/**
 * The lines one logger (and its children) writes while a test runs, as their formatted messages:
 * for a test that asserts a line is logged, and how many times. Close it to detach.
 */
public final class LogLines extends Handler implements AutoCloseable {
    private static final Formatter MESSAGES = new Formatter() {
        @Override
        public String format(LogRecord record) {
            return formatMessage(record);
        }
    };

    private final Logger logger;
    private final Level level;
    private final List<String> lines = Collections.synchronizedList(new ArrayList<>());

    private LogLines(Logger logger) {
        this.logger = logger;
        this.level = logger.getLevel();
    }

    /** Captures {@code name}'s lines at {@code level} and above. */
    public static LogLines of(String name, Level level) {
        LogLines captured = new LogLines(Logger.getLogger(name));
        captured.logger.addHandler(captured);
        captured.logger.setLevel(level);
        return captured;
    }

    @Override
    public void publish(LogRecord record) {
        // JBoss LogManager's records format their parameters themselves (printf or braces).
        lines.add(record instanceof org.jboss.logmanager.ExtLogRecord e ? e.getFormattedMessage()
                : MESSAGES.format(record));
    }

    /** Every line so far, oldest first. */
    public List<String> lines() {
        synchronized (lines) {
            return List.copyOf(lines);
        }
    }

    @Override
    public void flush() {
    }

    @Override
    public void close() {
        logger.removeHandler(this);
        logger.setLevel(level);
    }
}
