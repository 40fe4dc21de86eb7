package dev.boxmaker.proto.testing;

import java.io.IOException;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Homes for tests directly under /tmp, where a Unix socket's path stays short (it must fit 108
 * bytes). Each is deleted with all it holds by {@link #delete}, or at the latest when the JVM exits.
 */
public final class TempHomes {
    private static final Path TMP = Path.of("/tmp");
    /** The homes not deleted yet; a shutdown hook deletes them. */
    private static final Set<Path> LEFT = ConcurrentHashMap.newKeySet();

    static {
        Runtime.getRuntime().addShutdownHook(new Thread(() -> LEFT.forEach(TempHomes::delete), "temp-homes"));
    }

    private TempHomes() {
    }

    /** A new empty folder {@code /tmp/PREFIX<digits>}, deleted when the JVM exits if not before. */
    public static Path create(String prefix) throws IOException {
        Path home = Files.createTempDirectory(TMP, prefix);
        LEFT.add(home);
        return home;
    }

    /**
     * Deletes {@code home} and everything under it, a symbolic link as a link (never what it points
     * at), passing over what is already gone. What cannot be deleted now is tried again at exit.
     */
    public static void delete(Path home) {
        try {
            Files.walkFileTree(home, new SimpleFileVisitor<>() {
                @Override
                public FileVisitResult visitFile(Path file, BasicFileAttributes attributes) throws IOException {
                    Files.deleteIfExists(file);
                    return FileVisitResult.CONTINUE;
                }

                @Override
                public FileVisitResult visitFileFailed(Path file, IOException e) throws IOException {
                    if (e instanceof NoSuchFileException) {
                        return FileVisitResult.CONTINUE;
                    }
                    throw e;
                }

                @Override
                public FileVisitResult postVisitDirectory(Path dir, IOException e) throws IOException {
                    Files.deleteIfExists(dir);
                    return FileVisitResult.CONTINUE;
                }
            });
            LEFT.remove(home);
        } catch (IOException e) {
            // Still listed: the shutdown hook tries again.
        }
    }
}
