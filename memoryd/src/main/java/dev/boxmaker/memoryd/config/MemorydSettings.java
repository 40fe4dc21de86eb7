package dev.boxmaker.memoryd.config;

import dev.boxmaker.proto.DataClass;
import dev.boxmaker.proto.config.ConfigLoader;
import dev.boxmaker.proto.config.ConfigPaths;
import dev.boxmaker.proto.secrets.Secret;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;

/**
 * memoryd's configuration with every path resolved: {@code {home}} expanded, relative paths taken
 * from the file's folder; {@code [honcho]} checked and every {@code [secrets.NAME]} read. Built once at
 * start-up; immutable. {@code honcho} is empty without a {@code [honcho]} section.
 */
public record MemorydSettings(
        Path home,
        Path memoryDir,
        Path indexDir,
        Path sessionsDir,
        Optional<Path> soulStarter,
        boolean review,
        String owner,
        DataClass maxClass,
        Path loopSocket,
        Path brokerSocket,
        Path adminSocket,
        Path brokerStateSocket,
        Optional<HonchoSettings> honcho,
        Map<String, Secret> secrets) {

    /** The system property each daemon's main sets from {@code --config FILE}. */
    public static final String CONFIG_FILE_PROPERTY = "boxmaker.config.file";

    /** Reads {@code file} (or nothing: every key has a default) and resolves every path. */
    public static MemorydSettings load(Optional<Path> file, Map<String, String> env) {
        HonchoConfig.refuseUnknownKeys(file);
        MemorydConfig config = ConfigLoader.load(MemorydConfig.class, file, env);
        Optional<Path> dir = config.config().dir();
        Path home = ConfigPaths.home(config.paths().home(), dir, env);
        HonchoConfig.refuseUnusedSecrets(config.secrets().keySet(), config.honcho());
        Map<String, Secret> secrets = HonchoConfig.secrets(config.secrets(), home);
        return new MemorydSettings(
                home,
                home.resolve("memory"),
                home.resolve("index"),
                home.resolve("sessions"),
                config.memory().soulStarter().map(s -> ConfigPaths.resolve(s, home, dir)),
                config.memory().review(),
                config.memory().owner(),
                DataClass.parse(config.index().maxClass()),
                ConfigPaths.resolve(config.sockets().loop(), home, dir),
                ConfigPaths.resolve(config.sockets().broker(), home, dir),
                ConfigPaths.resolve(config.sockets().admin(), home, dir),
                ConfigPaths.resolve(config.sockets().brokerState(), home, dir),
                config.honcho().map(h -> HonchoConfig.honcho(h, secrets)),
                Map.copyOf(secrets));
    }

    /** The settings of this process: the file named by {@value #CONFIG_FILE_PROPERTY}, if set. */
    public static MemorydSettings fromSystem() {
        Optional<Path> file = Optional.ofNullable(System.getProperty(CONFIG_FILE_PROPERTY)).map(Path::of);
        return load(file, System.getenv());
    }
}
