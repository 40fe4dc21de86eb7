package dev.boxmaker.memoryd.index;

import dev.boxmaker.memoryd.files.Durable;
import java.io.IOException;
import java.io.InputStream;
import java.net.URL;
import java.net.URLConnection;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Properties;
import org.sqlite.SQLiteJDBCLoader;
import org.sqlite.util.LibraryLoaderUtil;
import org.sqlite.util.OSInfo;

/**
 * Where memoryd's SQLite loads its native library from: a copy kept in the index's folder
 * ({@code index/native/}), written once per driver version, instead of the driver's default, a
 * new copy in {@code /tmp} at every start. That default cost memoryd's start, before the index
 * could open, a write and a byte-for-byte comparison of 1.1 MB and a scan of {@code /tmp} for the
 * copies of earlier runs (about 0.1 s, and more in a crowded {@code /tmp}), and it left a copy
 * behind each time memoryd was killed. (The driver still looks through {@code /tmp} for its own
 * leftovers at each start.)
 *
 * <p>Only memoryd's {@code main} calls it, before anything opens SQLite. When the owner set the
 * driver's own properties, they stand. When the copy cannot be made, nothing is set; when the kept
 * copy cannot be loaded (a folder mounted {@code noexec}), the driver goes on to extract the
 * library into {@code /tmp} as it always did.
 */
public final class NativeSqlite {
    static final String LIB_PATH = "org.sqlite.lib.path";
    static final String LIB_NAME = "org.sqlite.lib.name";
    static final String TMPDIR = "org.sqlite.tmpdir";
    /** The folder under the index's folder. */
    static final String DIR = "native";

    private NativeSqlite() {
    }

    /** Points SQLite's driver at the copy under {@code indexDir}, made first if missing or of another size. */
    public static void prepare(Path indexDir) {
        prepare(indexDir, System.getProperties());
    }

    /** {@link #prepare(Path)} on {@code properties}; whether they now name the kept copy. */
    static boolean prepare(Path indexDir, Properties properties) {
        if (properties.getProperty(LIB_PATH) != null || properties.getProperty(TMPDIR) != null) {
            return false;
        }
        try {
            Path lib = kept(indexDir);
            if (lib == null) {
                return false;
            }
            properties.setProperty(LIB_PATH, lib.getParent().toString());
            properties.setProperty(LIB_NAME, lib.getFileName().toString());
            return true;
        } catch (IOException | RuntimeException e) {
            // The driver's default stands.
            return false;
        }
    }

    /** The copy under {@code indexDir}, written first when missing or of another size; null when the driver has no library for this platform. */
    static Path kept(Path indexDir) throws IOException {
        String folder = LibraryLoaderUtil.getNativeLibResourcePath();
        String name = LibraryLoaderUtil.getNativeLibName();
        URL resource = SQLiteJDBCLoader.class.getResource(folder + "/" + name);
        if (resource == null) {
            return null;
        }
        // One folder per driver version and platform, so an upgrade or another machine sharing the
        // home never loads another's library.
        Path dir = indexDir.resolve(DIR)
                .resolve(SQLiteJDBCLoader.getVersion() + "-" + OSInfo.getNativeLibFolderPathForCurrentOS().replace('/', '-'));
        Durable.ensureDirectory(dir);
        Path lib = dir.resolve(name);
        if (!Files.isRegularFile(lib) || Files.size(lib) != size(resource)) {
            copy(resource, lib);
        }
        return lib;
    }

    private static long size(URL resource) throws IOException {
        URLConnection c = resource.openConnection();
        c.setUseCaches(false);
        return c.getContentLengthLong();
    }

    /**
     * Writes the library beside {@code lib}, under a name of this process's own, and renames it over,
     * so neither a crash nor a second memoryd writing at the same time leaves half a library there.
     */
    private static void copy(URL resource, Path lib) throws IOException {
        Path part = Files.createTempFile(lib.getParent(), lib.getFileName().toString(), ".part");
        try {
            try (InputStream in = resource.openStream()) {
                Files.copy(in, part, StandardCopyOption.REPLACE_EXISTING);
            }
            // The copy made the file anew with the process's umask (0666 under umask 000), and
            // Java cannot set the umask: the mode is set here, before the library is in place.
            Files.setPosixFilePermissions(part, PosixFilePermissions.fromString("rw-------"));
            Files.move(part, lib, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } finally {
            Files.deleteIfExists(part);
        }
    }
}
