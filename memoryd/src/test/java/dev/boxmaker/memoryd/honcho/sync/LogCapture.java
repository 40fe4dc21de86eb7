package dev.boxmaker.memoryd.honcho.sync;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/** The messages a class logs, in order, while the capture is added to its logger. */
final class LogCapture extends java.util.logging.Handler {
    final List<String> logged = Collections.synchronizedList(new ArrayList<>());

    @Override
    public void publish(java.util.logging.LogRecord record) {
        logged.add(record.getMessage());
    }

    @Override
    public void flush() {
    }

    @Override
    public void close() {
    }
}
