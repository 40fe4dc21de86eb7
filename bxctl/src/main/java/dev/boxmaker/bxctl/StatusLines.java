package dev.boxmaker.bxctl;

import dev.boxmaker.proto.Numbers;
import dev.boxmaker.proto.text.Escape;
import dev.boxmaker.proto.wire.msg.BrokerStatsReply;
import dev.boxmaker.proto.wire.msg.LoopStatsReply;
import dev.boxmaker.proto.wire.msg.MemoryStatsReply;
import java.util.List;

/**
 * The lines {@code bxctl status} prints under a daemon that answered: its process's figures, then its
 * own. What a daemon sends as text (a URL, a sentence) is printed escaped.
 */
final class StatusLines {
    static final long MINUTE_SECONDS = 60;
    static final long HOUR_SECONDS = 60 * MINUTE_SECONDS;
    static final long DAY_SECONDS = 24 * HOUR_SECONDS;

    private StatusLines() {
    }

    static List<String> memoryd(MemoryStatsReply r) {
        String work = switch (r.indexWork()) {
            case "reindex" -> "a reindex is running, " + records(r.indexWorkRecords()) + " read so far";
            case "catch-up" -> "a catch-up is running";
            default -> "no reindex or catch-up is running";
        };
        String records = r.indexRecords() == null ? "damaged (bxctl reindex repairs it)" : records(r.indexRecords());
        return List.of(process(r.version(), r.uptimeSeconds(), r.residentBytes()),
                "  index: " + records + ", " + bytes(r.indexBytes()) + "; " + work);
    }

    static List<String> brokerd(BrokerStatsReply r) {
        String grants = r.grantsProblem() == null ? "valid" : "invalid: " + Escape.escapeLine(r.grantsProblem());
        return List.of(process(r.version(), r.uptimeSeconds(), r.residentBytes()),
                "  sessions tracked: " + Numbers.grouped(r.sessions()) + "; approvals waiting: "
                        + Numbers.grouped(r.approvalsWaiting()) + "; grants: " + grants);
    }

    static List<String> loopd(LoopStatsReply r) {
        String model = r.modelUrl() == null ? "none configured" : Escape.escapeLine(r.modelUrl());
        String error = r.modelError() == null ? "none" : Escape.escapeLine(r.modelError());
        return List.of(process(r.version(), r.uptimeSeconds(), r.residentBytes()),
                "  sessions in memory: " + Numbers.grouped(r.sessions()) + "; turns: " + Numbers.grouped(r.turnsRunning())
                        + " running, " + Numbers.grouped(r.turnsQueued()) + " queued",
                "  model: " + model + "; its last error: " + error);
    }

    static String process(String version, long uptimeSeconds, Long residentBytes) {
        return "  version " + Escape.escapeLine(version) + ", up " + uptime(uptimeSeconds) + ", resident "
                + (residentBytes == null ? "unknown" : bytes(residentBytes));
    }

    /** {@code 45 s}, {@code 12 min}, {@code 3 h 5 min}, {@code 2 d 4 h}. */
    static String uptime(long seconds) {
        if (seconds < MINUTE_SECONDS) {
            return seconds + " s";
        }
        if (seconds < HOUR_SECONDS) {
            return seconds / MINUTE_SECONDS + " min";
        }
        if (seconds < DAY_SECONDS) {
            return seconds / HOUR_SECONDS + " h " + seconds % HOUR_SECONDS / MINUTE_SECONDS + " min";
        }
        return Numbers.grouped(seconds / DAY_SECONDS) + " d " + seconds % DAY_SECONDS / HOUR_SECONDS + " h";
    }

    /** Bytes in MB (10^6) with one decimal, or in kB below a MB. */
    static String bytes(long bytes) {
        if (bytes < 1_000_000) {
            return Numbers.grouped((bytes + 999) / 1000) + " kB";
        }
        long tenths = (bytes + 50_000) / 100_000;
        return Numbers.grouped(tenths / 10) + "." + tenths % 10 + " MB";
    }

    private static String records(Long n) {
        return Numbers.grouped(n) + (n == 1 ? " record" : " records");
    }
}
