package dev.boxmaker.bxctl;

import dev.boxmaker.proto.config.ConfigLoader;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;

/**
 * The owner's name from {@code {home}/bxctl.toml} ({@code [owner] name}). A home without the file
 * has no name; the file is read, with SmallRye and the TOML source every daemon uses, only when it is
 * there, so the other commands never load them.
 */
final class OwnerName {
    /** The file's name in {@code {home}}. */
    static final String FILE = "bxctl.toml";

    private OwnerName() {
    }

    /**
     * The name, or empty when there is no file or it names no owner.
     *
     * @throws dev.boxmaker.proto.config.ConfigException when the file cannot be read, is not TOML, or
     *                                                   holds a key bxctl does not know
     */
    static Optional<String> read(Path home, Map<String, String> env) {
        Path file = home.resolve(FILE);
        if (!Files.exists(file, LinkOption.NOFOLLOW_LINKS)) {
            return Optional.empty();
        }
        BxctlConfig config = ConfigLoader.load(BxctlConfig.class, Optional.of(file), env);
        return config.owner().name().filter(name -> !name.isBlank());
    }
}
