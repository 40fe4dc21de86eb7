package dev.boxmaker.loopd.turn;

import com.fasterxml.jackson.databind.node.ArrayNode;
import dev.boxmaker.loopd.sentences.Sentences;
import dev.boxmaker.loopd.baseline.Baseline;
import dev.boxmaker.loopd.baseline.BaselineStore;
import dev.boxmaker.loopd.baseline.MemorySource;
import dev.boxmaker.proto.SessionId;
import dev.boxmaker.proto.log.LinkRefusedException;
import dev.boxmaker.proto.log.LogFormatException;
import dev.boxmaker.proto.log.LogRecord;
import dev.boxmaker.proto.log.LogTime;
import dev.boxmaker.proto.log.SessionLogReader;
import dev.boxmaker.proto.log.SessionLogs;
import dev.boxmaker.proto.server.HandlerRefusal;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.jboss.logging.Logger;

/**
 * Finds a session: from its files when it has a baseline (also after a restart), else creates it
 * with a new baseline from the memory source. A memory that will not answer refuses the new session
 * and nothing is written (loopd.md, "Sessions").
 */
final class SessionLoader {
    private static final Logger LOG = Logger.getLogger(SessionLoader.class);

    private final Path home;
    private final BaselineStore baselines;
    private final MemorySource memory;
    private final String systemMd;
    private final ArrayNode tools;
    private final String model;
    private final Clock clock;

    SessionLoader(Path home, MemorySource memory, String systemMd, ArrayNode tools, String model, Clock clock) {
        this.home = home;
        this.baselines = new BaselineStore(home);
        this.memory = memory;
        this.systemMd = systemMd;
        this.tools = tools;
        this.model = model;
        this.clock = clock;
    }

    Session load(SessionId id) throws HandlerRefusal {
        Optional<Baseline> existing;
        try {
            existing = baselines.read(id);
        } catch (IOException | RuntimeException e) {
            logIfLink(e);
            throw new HandlerRefusal(Sentences.baselineUnreadable(id.value(), e.getMessage()), "session-log-invalid");
        }
        if (existing.isPresent()) {
            return new Session(existing.get(), records(id));
        }
        String block;
        try {
            block = memory.block();
        } catch (MemorySource.Unavailable e) {
            throw new HandlerRefusal(Sentences.memoryUnavailable(e.getMessage()), Sentences.RUNBOOK_MEMORY);
        }
        Baseline baseline = new Baseline(id, LogTime.format(clock.instant()), Baseline.assemble(systemMd, block),
                tools.deepCopy(), model);
        try {
            baselines.write(baseline);
        } catch (IOException e) {
            logIfLink(e);
            throw new HandlerRefusal(Sentences.logWriteFailed(id.value(), e.getMessage()));
        }
        return new Session(baseline, records(id));
    }

    /** A link under sessions/ is refused with one log line naming it (its sentence), besides the turn's answer. */
    static void logIfLink(Exception e) {
        if (e instanceof LinkRefusedException) {
            LOG.warn(e.getMessage());
        }
    }

    private List<LogRecord> records(SessionId id) throws HandlerRefusal {
        Path file = SessionLogs.file(home, id);
        List<LogRecord> out = new ArrayList<>();
        if (!Files.exists(file, LinkOption.NOFOLLOW_LINKS)) {
            return out;
        }
        try {
            SessionLogReader reader = new SessionLogReader(file);
            SessionLogReader.Batch batch = reader.read(0L);
            out.addAll(batch.records());
            while (batch.more()) {
                batch = reader.read(batch.next());
                out.addAll(batch.records());
            }
        } catch (LogFormatException e) {
            // The reader's sentence whole: cut to a quote's length it lost the record and the line an
            // editor shows after the path. It quotes nothing unescaped.
            throw new HandlerRefusal(Sentences.logInvalid(id.value(), e.getMessage()), "session-log-invalid");
        } catch (IOException | RuntimeException e) {
            logIfLink(e);
            throw new HandlerRefusal(Sentences.logUnreadable(id.value(), e.getMessage()), "session-log-invalid");
        }
        return out;
    }
}
