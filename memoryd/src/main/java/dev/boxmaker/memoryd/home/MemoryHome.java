package dev.boxmaker.memoryd.home;

import dev.boxmaker.memoryd.sentences.StartSentences;
import dev.boxmaker.memoryd.config.MemorydSettings;
import dev.boxmaker.memoryd.files.Durable;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.channels.FileChannel;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;

/**
 * Lays out {@code {home}/memory/} at start-up: the directory 0700 and each missing file 0600,
 * {@code soul.md} from the starter. Nothing that exists is ever overwritten; a loose mode was
 * made private before this, by {@code OwnPaths} in {@code Main}.
 */
public final class MemoryHome {
    /** The starter soul.md shipped with memoryd. */
    public static final String SHIPPED_SOUL = "boxmaker/soul.md";

    /** The files created empty when missing. */
    public static final List<String> EMPTY_FILES = List.of("memory.md", "user.md", "notes.md");

    private MemoryHome() {
    }

    /** Creates what is missing under the home; a failure is a sentence for runbook memoryd-start-failed. */
    public static void prepare(MemorydSettings settings) throws IOException {
        Durable.ensureDirectory(settings.memoryDir());
        createSoul(settings.memoryDir().resolve("soul.md"), soulStarter(settings));
        for (String name : EMPTY_FILES) {
            Durable.ensureFile(settings.memoryDir().resolve(name));
        }
    }

    private static byte[] soulStarter(MemorydSettings settings) throws IOException {
        if (settings.soulStarter().isPresent()) {
            Path starter = settings.soulStarter().get();
            if (!Files.isRegularFile(starter)) {
                throw new IOException(StartSentences.soulStarterMissing(starter));
            }
            return Files.readAllBytes(starter);
        }
        try (InputStream in = MemoryHome.class.getClassLoader().getResourceAsStream(SHIPPED_SOUL)) {
            if (in == null) {
                throw new IllegalStateException("the shipped soul.md is missing from the build");
            }
            return in.readAllBytes();
        }
    }

    /** Creates {@code file} 0600 holding {@code bytes}, durably, unless it exists. */
    private static void createSoul(Path file, byte[] bytes) throws IOException {
        if (Files.exists(file, java.nio.file.LinkOption.NOFOLLOW_LINKS)) {
            return;
        }
        Path temp = file.resolveSibling("." + file.getFileName() + ".new");
        Files.deleteIfExists(temp);
        Files.createFile(temp, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
        try (OutputStream out = Files.newOutputStream(temp, StandardOpenOption.WRITE)) {
            out.write(bytes);
        }
        try (FileChannel channel = FileChannel.open(temp, StandardOpenOption.WRITE)) {
            channel.force(true);
        }
        // A link, not a rename: it fails if the file appeared meanwhile, so nothing is overwritten.
        try {
            Files.createLink(file, temp);
        } catch (FileAlreadyExistsException raced) {
            // Someone else made it first; theirs stands.
        } finally {
            Files.deleteIfExists(temp);
        }
        try (FileChannel dir = FileChannel.open(file.getParent(), StandardOpenOption.READ)) {
            dir.force(true);
        }
    }
}
