package dev.boxmaker.memoryd.honcho.client;

/**
 * The Honcho client is not made: configuration outside memoryd.toml sets what its REST client would
 * read ({@link AmbientConfig}). Its message names the keys, never their values; memoryd's start turns
 * it into its one line and exit code 1.
 */
public final class AmbientConfigRefused extends IllegalStateException {
    private static final long serialVersionUID = 1L;

    AmbientConfigRefused(String message) {
        super(message);
    }
}
