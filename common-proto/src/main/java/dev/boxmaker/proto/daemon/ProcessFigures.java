package dev.boxmaker.proto.daemon;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import org.eclipse.microprofile.config.ConfigProvider;

/**
 * The figures every daemon's {@code *_stats} answer starts with: its version, how long it has run,
 * and its resident memory, read from what the JVM and the kernel keep (no file of the home is read).
 */
public final class ProcessFigures {
    /** The kernel's page of this process's figures; {@code VmRSS} is the resident set in kB. */
    static final Path STATUS = Path.of("/proc/self/status");

    private ProcessFigures() {
    }

    /** Quarkus's {@code quarkus.application.version} (the pom's), or {@code "unknown"} outside Quarkus. */
    public static String version() {
        try {
            return ConfigProvider.getConfig().getOptionalValue("quarkus.application.version", String.class).orElse("unknown");
        } catch (RuntimeException e) {
            return "unknown";
        }
    }

    /** Whole seconds since the JVM started. */
    public static long uptimeSeconds() {
        return ManagementFactory.getRuntimeMXBean().getUptime() / 1000;
    }

    /** The resident set in bytes, or null where the system does not say (no {@code /proc}). */
    public static Long residentBytes() {
        try {
            return residentBytes(Files.readString(STATUS));
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }

    /** {@code VmRSS} of a {@code /proc/PID/status} text, in bytes; null when it has none. */
    static Long residentBytes(String status) {
        for (String line : status.split("\n")) {
            if (line.startsWith("VmRSS:")) {
                String kb = line.substring("VmRSS:".length()).replace("kB", "").strip();
                return Long.parseLong(kb) * 1024;
            }
        }
        return null;
    }
}
