package dev.boxmaker.memoryd;

import dev.boxmaker.proto.testing.TempHomes;
import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

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
            home = TempHomes.create("bxq");
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
        TempHomes.delete(home);
    }
}
