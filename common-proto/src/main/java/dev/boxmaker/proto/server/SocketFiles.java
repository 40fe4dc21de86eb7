package dev.boxmaker.proto.server;

import dev.boxmaker.proto.Sentences;
import java.io.IOException;
import java.net.ConnectException;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.channels.SocketChannel;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.Set;
import org.jboss.logging.Logger;

/**
 * What a socket server does to the file system around its socket (wire.md, "Sockets"): the 0700
 * directory, the stale-socket probe, and the 0600 socket.
 */
final class SocketFiles {
    static final Set<PosixFilePermission> DIRECTORY_MODE = PosixFilePermissions.fromString("rwx------");
    static final Set<PosixFilePermission> SOCKET_MODE = PosixFilePermissions.fromString("rw-------");

    /** The file-type bits of {@code st_mode}, and the value that means "socket" (sys/stat.h). */
    private static final int S_IFMT = 0170000;
    private static final int S_IFSOCK = 0140000;

    private static final Logger LOG = Logger.getLogger(SocketFiles.class);

    private SocketFiles() {
    }

    /**
     * Creates the socket's directory and its missing parents, each 0700. A directory that already
     * exists is left as it is: the owner chose it and its mode, and chmod-ing it could open or close
     * something that is not ours.
     */
    static void createDirectories(Path dir) {
        if (Files.isDirectory(dir)) {
            return;
        }
        Deque<Path> missing = new ArrayDeque<>();
        for (Path p = dir; p != null && !Files.exists(p, LinkOption.NOFOLLOW_LINKS); p = p.getParent()) {
            missing.push(p);
        }
        for (Path p : missing) {
            try {
                // Created 0700 (the umask can only take bits away), then set exactly, in case the
                // umask took away the owner's own bits.
                Files.createDirectory(p, PosixFilePermissions.asFileAttribute(DIRECTORY_MODE));
                Files.setPosixFilePermissions(p, DIRECTORY_MODE);
            } catch (FileAlreadyExistsException e) {
                // Someone else made it meanwhile: not ours, so its mode is left alone.
                if (!Files.isDirectory(p)) {
                    throw new ServerStartException(Sentences.socketDirFailed(dir), e);
                }
            } catch (IOException | UnsupportedOperationException e) {
                throw new ServerStartException(Sentences.socketDirFailed(dir), e);
            }
        }
        if (!Files.isDirectory(dir)) {
            throw new ServerStartException(Sentences.socketDirFailed(dir));
        }
    }

    /**
     * Clears the way for a bind at {@code socket}. Netty's bind deletes whatever file is at the path,
     * even a live socket (build-notes.md), so this runs first: nothing there is fine; a socket nobody
     * answers on is stale and is removed; a live socket or anything that is not a socket stops the
     * start, and nothing is removed.
     */
    static void clearStale(Path socket) {
        int mode;
        try {
            mode = mode(socket);
        } catch (NoSuchFileException e) {
            return;
        } catch (IOException | UnsupportedOperationException | IllegalArgumentException e) {
            throw new ServerStartException(Sentences.socketUnchecked(socket), e);
        }
        if ((mode & S_IFMT) != S_IFSOCK) {
            throw new ServerStartException(Sentences.socketNotASocket(socket));
        }
        if (answers(socket)) {
            throw new ServerStartException(Sentences.socketInUse(socket));
        }
        try {
            Files.deleteIfExists(socket);
            LOG.infof("removed the stale socket %s (nothing answered on it)", socket);
        } catch (IOException e) {
            throw new ServerStartException(Sentences.socketUnchecked(socket), e);
        }
    }

    /**
     * Refuses a start at {@code socket} where a process answers, as {@link #clearStale} would, but
     * touches nothing and refuses nothing else: it runs before the daemon opens anything, and a
     * missing file, a stale socket, or one that cannot be checked is left for {@link #clearStale}
     * at the real start, which clears it or names it as before.
     */
    static void refuseLive(Path socket) {
        boolean live;
        try {
            live = isSocket(socket) && answers(socket);
        } catch (IOException | UnsupportedOperationException | IllegalArgumentException | ServerStartException e) {
            return;
        }
        if (live) {
            throw new ServerStartException(Sentences.socketInUse(socket));
        }
    }

    /** Whether {@code path} is a socket itself (a link to one is not). */
    static boolean isSocket(Path path) throws IOException {
        try {
            return (mode(path) & S_IFMT) == S_IFSOCK;
        } catch (NoSuchFileException e) {
            return false;
        }
    }

    /** The file's {@code st_mode}, type bits included; Linux's "unix" attribute view has it. */
    private static int mode(Path path) throws IOException {
        return (Integer) Files.getAttribute(path, "unix:mode", LinkOption.NOFOLLOW_LINKS);
    }

    /**
     * Whether a process accepts connections on {@code socket}. The connect is non-blocking: a Unix
     * socket's connect either completes at once or is refused, and a full backlog fails at once too
     * (EAGAIN), which also means a listener is there; only "refused" means stale.
     */
    private static boolean answers(Path socket) {
        try (SocketChannel probe = SocketChannel.open(StandardProtocolFamily.UNIX)) {
            probe.configureBlocking(false);
            probe.connect(UnixDomainSocketAddress.of(socket));
            return true;
        } catch (ConnectException refused) {
            return false;
        } catch (IOException e) {
            throw new ServerStartException(Sentences.socketUnchecked(socket), e);
        }
    }

    /**
     * Sets the socket 0600. It can only be done after the bind; until then the 0700 directory is
     * what keeps others out (build-notes.md).
     */
    static void restrictSocket(Path socket) throws IOException {
        Files.setPosixFilePermissions(socket, SOCKET_MODE);
    }
}
