package dev.boxmaker.loopd.config;

import dev.boxmaker.loopd.sentences.Sentences;
import dev.boxmaker.proto.config.ConfigException;
import dev.boxmaker.proto.config.ConfigLoader;
import dev.boxmaker.proto.config.ConfigPaths;
import dev.boxmaker.proto.secrets.Secret;
import dev.boxmaker.proto.secrets.SecretFileException;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;

/**
 * loopd's configuration with every path resolved and the API key read. Built once at start-up.
 *
 * @param modelUrl   the chat-completions endpoint, or empty when no model is configured
 * @param apiKey     the bearer token, never logged; empty when none is configured
 * @param systemFile the owner's system.md, or empty for the shipped one
 */
public record LoopdSettings(
        Path home,
        Path turnSocket,
        Path memorySocket,
        Path brokerSocket,
        Optional<URI> modelUrl,
        String modelName,
        Optional<Secret> apiKey,
        long contextTokens,
        long maxReplyTokens,
        Duration modelTimeout,
        Optional<Path> systemFile,
        Path catalog) {

    /** The system property each daemon's main sets from {@code --config FILE}. */
    public static final String CONFIG_FILE_PROPERTY = "boxmaker.config.file";
    /** The path the OpenAI API puts chat completions at, under the configured base URL. */
    public static final String COMPLETIONS_PATH = "/v1/chat/completions";
    /** The API's version, which an OpenAI client's base URL ends with. */
    static final String VERSION_PATH = "/v1";

    /** Reads {@code file} (or nothing: every key has a default) and resolves every path. */
    public static LoopdSettings load(Optional<Path> file, Map<String, String> env) {
        LoopdConfig config = ConfigLoader.load(LoopdConfig.class, file, env);
        Optional<Path> dir = config.config().dir();
        Path home = ConfigPaths.home(config.paths().home(), dir, env);
        LoopdConfig.ModelSection model = config.model();
        if (model.contextTokens() <= 0) {
            throw new ConfigException(Sentences.positive("[model] context_tokens"));
        }
        if (model.maxReplyTokens() <= 0) {
            throw new ConfigException(Sentences.positive("[model] max_reply_tokens"));
        }
        if (model.maxReplyTokens() >= model.contextTokens()) {
            throw new ConfigException(Sentences.replyOverContext());
        }
        if (model.timeout().isZero()) {
            throw new ConfigException(Sentences.positive("[model] timeout"));
        }
        Optional<Secret> key = model.apiKey().filter(k -> !k.isBlank()).map(name -> {
            LoopdConfig.SecretSection s = config.secrets().get(name);
            if (s == null) {
                throw new ConfigException(Sentences.secretUnknown(name));
            }
            Path keyFile = ConfigPaths.resolve(s.file(), home.resolve("secrets"), Optional.of(home.resolve("secrets")));
            Secret secret;
            try {
                secret = Secret.read(name, keyFile);
            } catch (SecretFileException e) {
                throw new ConfigException(Sentences.secretUnreadable(e.file(), e.why()));
            }
            // Checked here, not at the first turn: the JDK refuses such a header with a message that
            // quotes the whole value, and that message would reach the log.
            if (!secret.printableAscii()) {
                throw new ConfigException(Sentences.secretUnreadable(keyFile, Sentences.KEY_NOT_ONE_LINE));
            }
            return secret;
        });
        return new LoopdSettings(home,
                ConfigPaths.resolve(config.sockets().turn(), home, dir),
                ConfigPaths.resolve(config.memory().socket(), home, dir),
                ConfigPaths.resolve(config.broker().socket(), home, dir),
                model.url().filter(u -> !u.isBlank()).map(LoopdSettings::completions),
                model.name(), key, model.contextTokens(), model.maxReplyTokens(), model.timeout(),
                config.system().file().filter(f -> !f.isBlank()).map(f -> ConfigPaths.resolve(f, home, dir)),
                ConfigPaths.resolve(config.tools().catalog(), home, dir));
    }

    /** The settings of this process: the file named by {@value #CONFIG_FILE_PROPERTY}, if set. */
    public static LoopdSettings fromSystem() {
        Optional<Path> file = Optional.ofNullable(System.getProperty(CONFIG_FILE_PROPERTY)).map(Path::of);
        return load(file, System.getenv());
    }

    /** The same settings pointing at another model (tests, the self-test). */
    public LoopdSettings withModel(URI url) {
        return new LoopdSettings(home, turnSocket, memorySocket, brokerSocket, Optional.of(url), modelName, apiKey,
                contextTokens, maxReplyTokens, modelTimeout, systemFile, catalog);
    }

    /** {@code url} with the completions path; a URL already ending in it is kept as it is. */
    static URI completions(String url) {
        String base = url.endsWith("/") ? url.substring(0, url.length() - 1) : url;
        URI uri;
        try {
            // The OpenAI clients' base URL ends in /v1; given as it is there, it still names the path.
            uri = URI.create(base.endsWith(COMPLETIONS_PATH) ? base
                    : base.endsWith(VERSION_PATH) ? base + COMPLETIONS_PATH.substring(VERSION_PATH.length())
                    : base + COMPLETIONS_PATH);
        } catch (IllegalArgumentException e) {
            throw new ConfigException("[model] url is not a URL: " + e.getMessage());
        }
        if (!"http".equals(uri.getScheme()) && !"https".equals(uri.getScheme())) {
            throw new ConfigException("[model] url must start with http:// or https://");
        }
        // The URL is in every model sentence and log line; a password in it would be too.
        if (uri.getRawUserInfo() != null) {
            throw new ConfigException(Sentences.MODEL_URL_CREDENTIALS);
        }
        return uri;
    }

    /** The settings without the secret, so a stray log of them shows no key. */
    @Override
    public String toString() {
        return "LoopdSettings[home=" + home + ", model=" + modelUrl.map(URI::toString).orElse("(none)") + "]";
    }
}
