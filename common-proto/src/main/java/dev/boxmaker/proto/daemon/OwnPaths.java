package dev.boxmaker.proto.daemon;

import dev.boxmaker.proto.Sentences;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFileAttributes;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
import org.jboss.logging.Logger;

/**
 * At a daemon's start, the directories and files it owns (home.md) must be this user's own and
 * closed to group and other: one that another user could write would let that user replace
 * memory.md, forge a note or plant a library. What this user owns is tightened to the owner's own
 * permission bits (0777 becomes 0700, 0666 becomes 0600), with one log line each; what another user
 * owns stops the start, naming it (docs/decisions.md, "Loose modes"). Links are never followed: a
 * link is checked as a link, and its target is never re-moded.
 */
public final class OwnPaths {
    private static final Logger LOG = Logger.getLogger(OwnPaths.class);

    /** The most paths one tree's walk looks at; past it the start stops rather than walk for ever. */
    public static final int PATHS_PER_TREE_MAX = 1_000_000;

    private static final Set<PosixFilePermission> OTHERS = EnumSet.of(
            PosixFilePermission.GROUP_READ, PosixFilePermission.GROUP_WRITE, PosixFilePermission.GROUP_EXECUTE,
            PosixFilePermission.OTHERS_READ, PosixFilePermission.OTHERS_WRITE, PosixFilePermission.OTHERS_EXECUTE);

    private static final Set<PosixFilePermission> PRIVATE_DIRECTORY = PosixFilePermissions.fromString("rwx------");

    private OwnPaths() {
    }

    /**
     * Checks each of {@code trees} and everything under it, and each of {@code dirs} alone (a
     * directory others' things are in too, such as {@code run/}); a path that does not exist is
     * skipped. Throws an {@link IllegalStateException} with a sentence for the start's refusal.
     */
    public static void secure(List<Path> trees, List<Path> dirs) {
        int uid = userId();
        for (Path dir : dirs) {
            secureOne(dir, uid);
        }
        for (Path tree : trees) {
            if (!Files.exists(tree, LinkOption.NOFOLLOW_LINKS)) {
                continue;
            }
            secureOne(tree, uid);
            if (!Files.isDirectory(tree, LinkOption.NOFOLLOW_LINKS)) {
                continue;
            }
            try (Stream<Path> all = Files.walk(tree)) {
                long seen = all.skip(1).limit(PATHS_PER_TREE_MAX + 1L).peek(p -> secureOne(p, uid)).count();
                if (seen > PATHS_PER_TREE_MAX) {
                    throw new IllegalStateException(Sentences.tooManyPaths(tree, PATHS_PER_TREE_MAX));
                }
            } catch (IOException | UncheckedIOException e) {
                throw new IllegalStateException(Sentences.pathUnreadable(tree, String.valueOf(e.getMessage())), e);
            }
        }
    }

    /**
     * The home directory itself (home.md), before anything under it: created 0700 when missing, and
     * otherwise this user's own with group and other bits taken away, or the start stops naming it.
     * A home that is a link is checked where it leads: the directory is what others could open.
     */
    public static void secureHome(Path home) {
        Path real;
        try {
            if (!Files.exists(home)) {
                Files.createDirectories(home, PosixFilePermissions.asFileAttribute(PRIVATE_DIRECTORY));
                // Created 0700 (the umask can only take bits away), then set exactly.
                Files.setPosixFilePermissions(home, PRIVATE_DIRECTORY);
            }
            real = home.toRealPath();
        } catch (IOException e) {
            throw new IllegalStateException(Sentences.pathUnreadable(home, String.valueOf(e.getMessage())), e);
        }
        secureOne(real, userId());
    }

    private static void secureOne(Path path, int uid) {
        PosixFileAttributes attributes;
        int owner;
        try {
            if (!Files.exists(path, LinkOption.NOFOLLOW_LINKS)) {
                return;
            }
            attributes = Files.readAttributes(path, PosixFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
            owner = (Integer) Files.getAttribute(path, "unix:uid", LinkOption.NOFOLLOW_LINKS);
        } catch (IOException e) {
            throw new IllegalStateException(Sentences.pathUnreadable(path, String.valueOf(e.getMessage())), e);
        }
        if (owner != uid) {
            throw new IllegalStateException(Sentences.pathOfAnotherUser(path, attributes.owner().getName(), uid));
        }
        Set<PosixFilePermission> mode = attributes.permissions();
        if (attributes.isSymbolicLink() || mode.stream().noneMatch(OTHERS::contains)) {
            return;
        }
        Set<PosixFilePermission> tightened = EnumSet.copyOf(mode);
        tightened.removeAll(OTHERS);
        try {
            Files.setPosixFilePermissions(path, tightened);
        } catch (IOException e) {
            throw new IllegalStateException(Sentences.pathNotTightened(path, String.valueOf(e.getMessage())), e);
        }
        LOG.warn(Sentences.pathTightened(path, PosixFilePermissions.toString(mode),
                PosixFilePermissions.toString(tightened)));
    }

    /** This process's user id. */
    static int userId() {
        return (int) new com.sun.security.auth.module.UnixSystem().getUid();
    }
}
