package dev.boxmaker.brokerd.grants;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import org.jboss.logging.Logger;

/**
 * Holds the grant set in force and reloads it when {@code grants/} changes. A poll of the folder's
 * names, sizes and modification times on one daemon thread: simpler than a WatchService, which misses
 * a folder created after start and says nothing on some file systems, and a second is soon enough
 * for a file the owner edits by hand.
 */
public final class GrantWatcher implements AutoCloseable {
    public static final long POLL_MILLIS = 1_000;
    private static final Logger LOG = Logger.getLogger(GrantWatcher.class);

    private final Path dir;
    private final ScheduledFuture<?> poll;
    private volatile GrantSet current;
    private List<String> seen;

    /** @param timers where the poll runs (brokerd's timer thread) */
    public GrantWatcher(Path dir, ScheduledExecutorService timers) {
        this.dir = dir;
        this.seen = fingerprint();
        this.current = GrantLoader.load(dir);
        report(current);
        poll = timers.scheduleWithFixedDelay(this::check, POLL_MILLIS, POLL_MILLIS, TimeUnit.MILLISECONDS);
    }

    public GrantSet current() {
        return current;
    }

    /** Reloads now if the folder changed since the last look; the poll calls it, and tests may. */
    public synchronized void check() {
        try {
            List<String> now = fingerprint();
            if (!Objects.equals(now, seen)) {
                seen = now;
                current = GrantLoader.load(dir);
                report(current);
            }
        } catch (RuntimeException e) {
            LOG.errorf(e, "checking %s failed; the grants in force stay", dir);
        }
    }

    private static void report(GrantSet set) {
        if (set.isValid()) {
            LOG.infof("grants loaded: %d of the owner's and the 2 built in", set.owners().size());
        } else {
            LOG.errorf("grants invalid, every call is denied: %s", set.problem().orElseThrow());
        }
    }

    private List<String> fingerprint() {
        List<String> parts = new ArrayList<>();
        if (!Files.isDirectory(dir)) {
            return parts;
        }
        try (DirectoryStream<Path> stream = Files.newDirectoryStream(dir)) {
            for (Path file : stream) {
                BasicFileAttributes a = Files.readAttributes(file, BasicFileAttributes.class);
                parts.add(file.getFileName() + " " + a.size() + " " + a.lastModifiedTime().toInstant() + " " + a.fileKey());
                if (parts.size() > GrantLoader.GRANT_FILES_MAX + 1) {
                    break;
                }
            }
        } catch (IOException e) {
            parts.add("unreadable " + e.getClass().getSimpleName());
        }
        parts.sort(null);
        return parts;
    }

    @Override
    public void close() {
        poll.cancel(false);
    }
}
