package dev.boxmaker.loopd.baseline;

import dev.boxmaker.loopd.sentences.Sentences;
import dev.boxmaker.proto.config.ConfigException;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/** system.md: the owner's {@code [system] file}, else the shipped one. Read once at start. */
public final class SystemText {
    /** Where the shipped system.md is on the class path (top-level {@code src/main/resources}). */
    public static final String SHIPPED = "boxmaker/system.md";
    /** The largest system.md read; it is part of every session's baseline. */
    public static final long SYSTEM_BYTES_MAX = 64 * 1024;

    private SystemText() {
    }

    public static String load(Optional<Path> file) {
        if (file.isPresent()) {
            try {
                if (Files.size(file.get()) > SYSTEM_BYTES_MAX) {
                    throw new ConfigException(Sentences.systemUnreadable(file.get(), "larger than " + SYSTEM_BYTES_MAX + " bytes"));
                }
                return Files.readString(file.get(), StandardCharsets.UTF_8);
            } catch (IOException e) {
                throw new ConfigException(Sentences.systemUnreadable(file.get(), e.getClass().getSimpleName()));
            }
        }
        return shipped();
    }

    public static String shipped() {
        try (InputStream in = SystemText.class.getClassLoader().getResourceAsStream(SHIPPED)) {
            if (in == null) {
                throw new IllegalStateException(SHIPPED + " is missing from loopd's jar");
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
