package dev.boxmaker.brokerd.audit;

import dev.boxmaker.proto.Label;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Map;

/**
 * The audit log read in brokerd's {@code main}, before Quarkus starts (and once the home's lock is
 * held): a log that cannot be read, or holds a line that is not a record, stops the start with its
 * one sentence and exit code 1, where the same failure inside Quarkus's start came out as a stack
 * trace. Brokerd's start takes what was read here.
 */
public final class EarlyAudit {
    /** The log and every session's taint rebuilt from it. */
    public record Read(AuditLog log, Map<String, Label> taints) {
    }

    private static Read read;

    private EarlyAudit() {
    }

    /**
     * Reads the log in {@code dir} ({@link AuditLog#rebuild}) and keeps it for {@link #take}; throws an
     * {@link IllegalStateException} with the reason when it cannot be used.
     */
    public static synchronized void read(Path dir) {
        try {
            read = readNow(dir);
        } catch (IOException | AuditLog.Broken e) {
            throw new IllegalStateException(e.getMessage(), e);
        }
    }

    /** What {@link #read} read in {@code dir}, handed over once; read now when it read nothing there. */
    public static synchronized Read take(Path dir) throws IOException, AuditLog.Broken {
        Read early = read;
        read = null;
        if (early != null && early.log().dir().equals(dir)) {
            return early;
        }
        return readNow(dir);
    }

    private static Read readNow(Path dir) throws IOException, AuditLog.Broken {
        AuditLog log = new AuditLog(dir);
        return new Read(log, log.rebuild());
    }
}
