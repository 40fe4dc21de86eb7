package dev.boxmaker.memoryd;

import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.Map;
import java.util.stream.Stream;

/**
 * A fresh home under /tmp for a {@code @QuarkusTest} memoryd, given to it as a real TOML file
 * through {@code boxmaker.config.file}, as {@code --config} would. (Short paths: a Unix socket's
 * path must fit in 108 bytes.)
 */
public class TempHome implements QuarkusTestResourceLifecycleManager {
    /** The home of the memoryd the current test class started. */
    public static volatile Path home;

    @Override
    public Map<String, String> start() {
        try {
            home = Files.createTempDirectory(Path.of("/tmp"), "bxq");
            Path config = home.resolve("memoryd.toml");
            Files.writeString(config, "[paths]\nhome = \"" + home + "\"\n");
            System.setProperty("boxmaker.config.file", config.toString());
            return Map.of();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public void stop() {
        System.clearProperty("boxmaker.config.file");
        try (Stream<Path> files = Files.walk(home)) {
            files.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException e) {
            // a temporary directory; the OS cleans /tmp
        }
    }
}
