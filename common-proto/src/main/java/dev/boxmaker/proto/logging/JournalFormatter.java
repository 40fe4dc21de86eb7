package dev.boxmaker.proto.logging;

import org.jboss.logmanager.ExtFormatter;
import org.jboss.logmanager.ExtLogRecord;

/**
 * The journal's line: {@code <6>[Memoryd] memoryd is listening on …}. The priority prefix lets
 * {@code journalctl -p warning} choose; no timestamp, as the journal keeps its own; a throwable and
 * its causes on the same line, so one event is one journal entry.
 */
public final class JournalFormatter extends ExtFormatter {
    @Override
    public String format(ExtLogRecord record) {
        StringBuilder line = new StringBuilder(128).append('<').append(Events.priority(record.getLevel())).append(">[")
                .append(Events.category(record)).append("] ").append(Events.oneLine(String.valueOf(record.getFormattedMessage())));
        String thrown = Events.throwable(record.getThrown());
        if (!thrown.isEmpty()) {
            line.append(": ").append(Events.oneLine(thrown));
        }
        return line.append('\n').toString();
    }
}
