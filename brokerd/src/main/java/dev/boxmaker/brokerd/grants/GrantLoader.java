package dev.boxmaker.brokerd.grants;

import dev.boxmaker.brokerd.sentences.Sentences;
import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;

/** Reads {@code grants/*.toml}, all or nothing. A missing folder is an empty set. */
public final class GrantLoader {
    public static final int GRANT_FILES_MAX = 1_000;
    public static final int GRANT_FILE_BYTES_MAX = 64 * 1024;
    static final String SUFFIX = ".toml";

    private GrantLoader() {
    }

    public static GrantSet load(Path dir) {
        if (!Files.isDirectory(dir)) {
            return GrantSet.valid(List.of());
        }
        TreeSet<Path> files = new TreeSet<>();
        try (DirectoryStream<Path> stream = Files.newDirectoryStream(dir, "*" + SUFFIX)) {
            for (Path file : stream) {
                files.add(file);
                if (files.size() > GRANT_FILES_MAX) {
                    return GrantSet.invalid(Sentences.grantsTooMany(GRANT_FILES_MAX));
                }
            }
        } catch (IOException e) {
            return GrantSet.invalid(Sentences.GRANTS_UNREADABLE);
        }
        List<Grant> grants = new ArrayList<>();
        for (Path file : files) {
            String name = file.getFileName().toString();
            String id = name.substring(0, name.length() - SUFFIX.length());
            try {
                grants.add(GrantParser.parse(id, read(file)));
            } catch (GrantParser.Invalid e) {
                return GrantSet.invalid(Sentences.grantFileInvalid(name, e.getMessage()));
            } catch (NoSuchFileException e) {
                // Removed while the folder was read: the next check reads the folder as it is then.
                continue;
            } catch (IOException e) {
                return GrantSet.invalid(Sentences.grantFileInvalid(name, Sentences.GRANT_UNREADABLE));
            }
        }
        return GrantSet.valid(grants);
    }

    private static byte[] read(Path file) throws IOException, GrantParser.Invalid {
        if (!Files.isRegularFile(file, LinkOption.NOFOLLOW_LINKS) || Files.size(file) > GRANT_FILE_BYTES_MAX) {
            throw new GrantParser.Invalid(Sentences.grantFileTooLarge(GRANT_FILE_BYTES_MAX));
        }
        return Files.readAllBytes(file);
    }
}
