package dev.boxmaker.memoryd.index;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Properties;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sqlite.SQLiteJDBCLoader;
import org.sqlite.util.LibraryLoaderUtil;

class NativeSqliteTest {
    @TempDir
    Path home;

    private static byte[] driversLibrary() throws Exception {
        String resource = LibraryLoaderUtil.getNativeLibResourcePath() + "/" + LibraryLoaderUtil.getNativeLibName();
        try (InputStream in = SQLiteJDBCLoader.class.getResourceAsStream(resource)) {
            return in.readAllBytes();
        }
    }

    private Path expectedFolder() {
        // On this machine, for example, index/native/3.54.1.0-Linux-x86_64.
        return home.resolve("index/native").resolve(SQLiteJDBCLoader.getVersion() + "-" + System.getProperty("os.name")
                + "-" + (System.getProperty("os.arch").equals("amd64") ? "x86_64" : System.getProperty("os.arch")));
    }

    @Test
    void aNewIndexFolderGetsTheDriversLibraryAndThePropertiesNameIt() throws Exception {
        Properties properties = new Properties();

        assertThat(NativeSqlite.prepare(home.resolve("index"), properties)).isTrue();

        Path folder = expectedFolder();
        assertThat(folder.resolve("libsqlitejdbc.so")).hasBinaryContent(driversLibrary());
        assertThat(properties.getProperty("org.sqlite.lib.path")).isEqualTo(folder.toString());
        assertThat(properties.getProperty("org.sqlite.lib.name")).isEqualTo("libsqlitejdbc.so");
        // Where the driver extracts a library it could not load from here: /tmp, as before.
        assertThat(properties).hasSize(2);
        for (Path dir : new Path[] {home.resolve("index"), home.resolve("index/native"), folder}) {
            assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(dir))).isEqualTo("rwx------");
        }
        try (var files = Files.list(folder)) {
            assertThat(files).containsExactly(folder.resolve("libsqlitejdbc.so"));
        }
    }

    /** Java cannot set the umask, so the mode is set explicitly: under umask 000 the copy was 0666. */
    @Test
    void theCopyIsTheOwnersAloneWhateverTheUmask() throws Exception {
        NativeSqlite.prepare(home.resolve("index"), new Properties());
        Path lib = expectedFolder().resolve("libsqlitejdbc.so");
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(lib)))
                .isEqualTo("rw-------");
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(lib.getParent())))
                .isEqualTo("rwx------");
    }

    @Test
    void aKeptCopyIsUsedAsItIs() throws Exception {
        NativeSqlite.prepare(home.resolve("index"), new Properties());
        Path lib = expectedFolder().resolve("libsqlitejdbc.so");
        FileTime old = FileTime.fromMillis(1_000_000_000_000L);
        Files.setLastModifiedTime(lib, old);

        assertThat(NativeSqlite.prepare(home.resolve("index"), new Properties())).isTrue();

        assertThat(Files.getLastModifiedTime(lib)).isEqualTo(old);
        assertThat(lib).hasBinaryContent(driversLibrary());
    }

    @Test
    void aCopyCutShortIsWrittenAgain() throws Exception {
        NativeSqlite.prepare(home.resolve("index"), new Properties());
        Path lib = expectedFolder().resolve("libsqlitejdbc.so");
        byte[] whole = Files.readAllBytes(lib);
        Files.write(lib, java.util.Arrays.copyOf(whole, whole.length / 2));

        assertThat(NativeSqlite.prepare(home.resolve("index"), new Properties())).isTrue();

        assertThat(lib).hasBinaryContent(driversLibrary());
    }

    @Test
    void theOwnersOwnSettingsStandAndNothingIsWritten() throws Exception {
        for (String key : new String[] {"org.sqlite.lib.path", "org.sqlite.tmpdir"}) {
            Properties properties = new Properties();
            properties.setProperty(key, "/somewhere/of/the/owners");

            assertThat(NativeSqlite.prepare(home.resolve("index"), properties)).isFalse();

            assertThat(properties).hasSize(1).containsEntry(key, "/somewhere/of/the/owners");
            assertThat(home.resolve("index")).doesNotExist();
        }
    }

    @Test
    void whenNoCopyCanBeMadeTheDriversDefaultStands() throws Exception {
        Files.createDirectories(home.resolve("index"));
        Files.writeString(home.resolve("index/native"), "a file where the folder would be");
        Properties properties = new Properties();

        assertThat(NativeSqlite.prepare(home.resolve("index"), properties)).isFalse();

        assertThat(properties).isEmpty();
        assertThat(home.resolve("index/native")).hasContent("a file where the folder would be");
    }
}
