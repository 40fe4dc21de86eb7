package dev.boxmaker.loopd.turn;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.boxmaker.loopd.baseline.Baseline;
import dev.boxmaker.loopd.model.Messages;
import dev.boxmaker.loopd.model.Tokens;
import dev.boxmaker.proto.log.AssistantRecord;
import dev.boxmaker.proto.log.LogRecord;
import dev.boxmaker.proto.log.ToolCall;
import dev.boxmaker.proto.log.ToolResultRecord;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * A session in memory: its baseline and one message per log record, in order, with the prompt's
 * running token count. Touched only by the session's one running turn (Turns serialises them).
 */
final class Session {
    final Baseline baseline;
    private final List<ObjectNode> messages = new ArrayList<>();
    private long tokens;
    private long lastTurn;
    /** The calls of the last assistant record that have no tool_result yet. */
    private final List<ToolCall> unanswered = new ArrayList<>();

    Session(Baseline baseline, List<LogRecord> records) {
        this.baseline = baseline;
        ObjectNode system = Messages.system(baseline.system());
        messages.add(system);
        tokens = Tokens.tools(baseline.tools()) + Tokens.message(system);
        for (LogRecord r : records) {
            add(r);
        }
    }

    /** Adds the message of a record just appended to the log (or read back from it). */
    void add(LogRecord record) {
        ObjectNode m = Messages.of(record);
        messages.add(m);
        tokens += Tokens.message(m);
        lastTurn = Math.max(lastTurn, record.turn());
        if (record instanceof AssistantRecord a) {
            unanswered.clear();
            unanswered.addAll(a.toolCalls());
        } else if (record instanceof ToolResultRecord r) {
            unanswered.stream().filter(c -> c.id().equals(r.call())).findFirst().ifPresent(unanswered::remove);
        } else {
            // A user record after calls without answers (a log from before they were answered at the
            // next turn): it is too late to answer them in order.
            unanswered.clear();
        }
    }

    /**
     * The calls the last turn left without an answer: none unless loopd stopped (or a write failed)
     * while they ran.
     */
    List<ToolCall> unanswered() {
        return List.copyOf(unanswered);
    }

    /** The number of the last turn in the log, 0 when there is none. */
    long lastTurn() {
        return lastTurn;
    }

    /** The prompt so far; the list is a view, valid until the next {@link #add}. */
    List<ObjectNode> messages() {
        return Collections.unmodifiableList(messages);
    }

    long tokens() {
        return tokens;
    }

    /** The number the next turn takes: turns count from 1. */
    long nextTurn() {
        return lastTurn + 1;
    }
}
