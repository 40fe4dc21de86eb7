package dev.boxmaker.proto.logging;

import java.util.logging.Level;
import org.jboss.logmanager.ExtLogRecord;

/** What the journal and JSON formats share: a record's priority, its message and its throwable on one line. */
final class Events {
    /** Causes named after a throwable's own message; deeper ones are counted, not named. */
    static final int CAUSES_MAX = 5;

    private Events() {
    }

    /** The syslog priority of a level: 3 error, 4 warning, 6 info, 7 debug (journalctl -p). */
    static int priority(Level level) {
        int value = level.intValue();
        if (value >= Level.SEVERE.intValue()) {
            return 3;
        }
        if (value >= Level.WARNING.intValue()) {
            return 4;
        }
        return value >= Level.INFO.intValue() ? 6 : 7;
    }

    /** The logger's last name, as the text format's {@code [%c{1}]}. */
    static String category(ExtLogRecord record) {
        String name = record.getLoggerName() == null ? "" : record.getLoggerName();
        return name.substring(name.lastIndexOf('.') + 1);
    }

    /** The throwable and its causes as one line, or the empty string when there is none. */
    static String throwable(Throwable thrown) {
        if (thrown == null) {
            return "";
        }
        StringBuilder line = new StringBuilder(thrown.toString());
        Throwable cause = thrown.getCause();
        for (int named = 0; cause != null && cause != thrown; named++) {
            if (named == CAUSES_MAX) {
                line.append("; and further causes");
                break;
            }
            line.append("; caused by ").append(cause);
            cause = cause.getCause();
        }
        return line.toString();
    }

    /** {@code text} with its line breaks written {@code \n} and {@code \r}, so an event stays one line. */
    static String oneLine(String text) {
        if (text.indexOf('\n') < 0 && text.indexOf('\r') < 0) {
            return text;
        }
        return text.replace("\r", "\\r").replace("\n", "\\n");
    }
}
