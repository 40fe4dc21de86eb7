package dev.boxmaker.memoryd.config;

import dev.boxmaker.memoryd.sentences.HardeningSentences;
import dev.boxmaker.memoryd.sentences.HonchoConfigSentences;
import dev.boxmaker.memoryd.honcho.HonchoIds;
import dev.boxmaker.proto.DataClass;
import dev.boxmaker.proto.config.ConfigException;
import dev.boxmaker.proto.config.ConfigPaths;
import dev.boxmaker.proto.config.TomlConfigSource;
import dev.boxmaker.proto.secrets.Secret;
import dev.boxmaker.proto.secrets.SecretFileException;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Pattern;

/**
 * Checks {@code [honcho]}, {@code [[honcho.read]]} and {@code [secrets.NAME]} at start-up; each
 * refusal is one sentence naming the key, ending in runbook {@code honcho-config-invalid}.
 */
final class HonchoConfig {
    private static final String HONCHO = TomlConfigSource.PREFIX + ".honcho.";
    private static final String SECRETS = TomlConfigSource.PREFIX + ".secrets.";
    private static final Pattern HONCHO_KEY = Pattern.compile(Pattern.quote(HONCHO)
            + "(url|agent|owner|trusted|untrusted|fleet|read\\[\\d+]\\.(agent|workspace|trust|class))");
    private static final Pattern SECRET_KEY = Pattern.compile(Pattern.quote(SECRETS)
            + "([A-Za-z0-9_-]+|\"[^\"]+\")\\.file");

    private HonchoConfig() {
    }

    /**
     * Refuses a key under {@code [honcho]} or {@code [secrets.NAME]} the mapping does not know, before
     * SmallRye would refuse it in its own words.
     */
    static void refuseUnknownKeys(Optional<Path> file) {
        if (file.isEmpty()) {
            return;
        }
        for (String name : new java.util.TreeSet<>(TomlConfigSource.read(file.get()).getPropertyNames())) {
            boolean honcho = name.startsWith(HONCHO) || name.equals(HONCHO.substring(0, HONCHO.length() - 1));
            boolean secret = name.startsWith(SECRETS) || name.equals(SECRETS.substring(0, SECRETS.length() - 1));
            if (honcho && !HONCHO_KEY.matcher(name).matches() || secret && !SECRET_KEY.matcher(name).matches()) {
                throw new ConfigException(HonchoConfigSentences.honchoUnknownKey(name.substring(TomlConfigSource.PREFIX.length() + 1)));
            }
        }
    }

    /**
     * Refuses a {@code [secrets.NAME]} that {@code [honcho]} reads no key from (a misspelt
     * {@code honcho_trustd} would leave its workspace called without a key), before any file is read.
     * Without {@code [honcho]} nothing is checked: turning Honcho off need not remove its keys.
     */
    static void refuseUnusedSecrets(Collection<String> names, Optional<MemorydConfig.HonchoSection> honcho) {
        if (honcho.isEmpty()) {
            return;
        }
        List<String> used = new ArrayList<>(List.of(HonchoSettings.TRUSTED_KEY, HonchoSettings.UNTRUSTED_KEY,
                HonchoSettings.FLEET_KEY));
        for (MemorydConfig.ReadSection read : honcho.get().read().orElse(List.of())) {
            read.agent().ifPresent(agent -> used.add(HonchoSettings.READ_KEY_PREFIX + agent));
        }
        for (String name : new TreeSet<>(names)) {
            if (!used.contains(name)) {
                throw new ConfigException(HardeningSentences.secretUnused(name, used));
            }
        }
    }

    /** Every {@code [secrets.NAME]}, its file checked and read; in the order of their names. */
    static Map<String, Secret> secrets(Map<String, MemorydConfig.SecretSection> sections, Path home) {
        Map<String, Secret> secrets = new LinkedHashMap<>();
        Path dir = home.resolve("secrets");
        for (Map.Entry<String, MemorydConfig.SecretSection> e : new TreeMap<>(sections).entrySet()) {
            String name = e.getKey();
            String value = e.getValue().file().filter(f -> !f.isBlank())
                    .orElseThrow(() -> new ConfigException(HonchoConfigSentences.secretNoFile(name)));
            Path file = ConfigPaths.resolve(value, dir, Optional.of(dir));
            try {
                Secret secret = Secret.read(name, file);
                if (!secret.printableAscii()) {
                    throw new ConfigException(HonchoConfigSentences.secretUnusable(name, file, HonchoConfigSentences.SECRET_NOT_ONE_LINE));
                }
                secrets.put(name, secret);
            } catch (SecretFileException x) {
                throw new ConfigException(HonchoConfigSentences.secretUnusable(name, x.file(), x.why()));
            }
        }
        return secrets;
    }

    /** {@code [honcho]} checked, with the keys of its workspaces picked from {@code secrets}. */
    static HonchoSettings honcho(MemorydConfig.HonchoSection section, Map<String, Secret> secrets) {
        URI url = url(required(section.url(), "[honcho] url"));
        String agent = id(section.agent(), "[honcho] agent");
        String owner = id(section.owner(), "[honcho] owner");
        String trusted = id(section.trusted(), "[honcho] trusted");
        String untrusted = id(section.untrusted(), "[honcho] untrusted");
        String fleet = id(section.fleet(), "[honcho] fleet");
        distinct(Map.of("[honcho] agent", agent, "[honcho] owner", owner));
        distinct(Map.of("[honcho] trusted", trusted, "[honcho] untrusted", untrusted, "[honcho] fleet", fleet));
        List<HonchoSettings.ReadWorkspace> reads = new ArrayList<>();
        List<MemorydConfig.ReadSection> sections = section.read().orElse(List.of());
        for (int i = 0; i < sections.size(); i++) {
            reads.add(read(sections.get(i), "[[honcho.read]] number " + (i + 1) + ": "));
        }
        Map<String, Secret> keys = new TreeMap<>();
        for (Map.Entry<String, Secret> e : secrets.entrySet()) {
            if (e.getKey().startsWith("honcho_")) {
                keys.put(e.getKey(), e.getValue());
            }
        }
        return new HonchoSettings(url, agent, owner, trusted, untrusted, fleet, reads, keys);
    }

    private static HonchoSettings.ReadWorkspace read(MemorydConfig.ReadSection section, String where) {
        String agent = id(section.agent(), where + "agent");
        String workspace = id(section.workspace(), where + "workspace");
        if (!section.trust().equals("trusted") && !section.trust().equals("untrusted")) {
            throw new ConfigException(HonchoConfigSentences.honchoTrust(where + "trust", section.trust()));
        }
        DataClass dataClass;
        try {
            dataClass = DataClass.parse(section.dataClass());
        } catch (IllegalArgumentException e) {
            throw new ConfigException(HonchoConfigSentences.honchoClass(where + "class", section.dataClass()));
        }
        return new HonchoSettings.ReadWorkspace(agent, workspace, section.trust().equals("trusted"), dataClass);
    }

    private static String required(Optional<String> value, String key) {
        return value.orElseThrow(() -> new ConfigException(HonchoConfigSentences.honchoKeyMissing(key)));
    }

    private static String id(Optional<String> value, String key) {
        String id = required(value, key);
        if (!HonchoIds.isValid(id)) {
            throw new ConfigException(HonchoConfigSentences.honchoNotAnId(key, id));
        }
        return id;
    }

    private static URI url(String value) {
        // A key riding in the URL would be in log lines and proxies' logs: refused before the URL is ever printed.
        if (value.indexOf('?') >= 0) {
            throw new ConfigException(HardeningSentences.HONCHO_URL_QUERY);
        }
        if (value.indexOf('#') >= 0) {
            throw new ConfigException(HardeningSentences.HONCHO_URL_FRAGMENT);
        }
        URI uri;
        try {
            uri = new URI(value);
        } catch (URISyntaxException e) {
            throw new ConfigException(value.indexOf('@') >= 0 ? HonchoConfigSentences.HONCHO_URL_CREDENTIALS
                    : HonchoConfigSentences.honchoUrlNotHttp(value));
        }
        // The URL is in log lines; a password in it would be too.
        if (uri.getRawUserInfo() != null || uri.getHost() == null && value.indexOf('@') >= 0) {
            throw new ConfigException(HonchoConfigSentences.HONCHO_URL_CREDENTIALS);
        }
        if (!("http".equals(uri.getScheme()) || "https".equals(uri.getScheme())) || uri.getHost() == null) {
            throw new ConfigException(HonchoConfigSentences.honchoUrlNotHttp(value));
        }
        return uri;
    }

    /** Refuses two keys of {@code named} with the same value, naming them in a fixed order. */
    private static void distinct(Map<String, String> named) {
        List<String> keys = new ArrayList<>(new TreeMap<>(named).keySet());
        for (int i = 0; i < keys.size(); i++) {
            for (int j = i + 1; j < keys.size(); j++) {
                if (named.get(keys.get(i)).equals(named.get(keys.get(j)))) {
                    throw new ConfigException(HonchoConfigSentences.honchoSameName(keys.get(i), keys.get(j)));
                }
            }
        }
    }
}
