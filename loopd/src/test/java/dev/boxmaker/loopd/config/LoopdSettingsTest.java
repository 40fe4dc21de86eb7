package dev.boxmaker.loopd.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code [model] url}: the base URL, with the completions path added; no credentials in it. */
class LoopdSettingsTest {
    @Test
    void theCompletionsPathIsAddedToTheBaseUrl(@TempDir Path home) throws Exception {
        assertThat(load(home, "http://127.0.0.1:8080/").modelUrl().orElseThrow().toString())
                .isEqualTo("http://127.0.0.1:8080/v1/chat/completions");
    }

    @Test
    void aBaseUrlEndingInTheApisVersionAsOpenAiClientsWriteItGetsTheRestOfThePath(@TempDir Path home) throws Exception {
        assertThat(load(home, "http://127.0.0.1:8080/v1").modelUrl().orElseThrow().toString())
                .isEqualTo("http://127.0.0.1:8080/v1/chat/completions");
        assertThat(load(home, "http://127.0.0.1:8080/v1/").modelUrl().orElseThrow().toString())
                .isEqualTo("http://127.0.0.1:8080/v1/chat/completions");
        assertThat(load(home, "http://127.0.0.1:8080/v1/chat/completions").modelUrl().orElseThrow().toString())
                .isEqualTo("http://127.0.0.1:8080/v1/chat/completions");
    }

    @Test
    void aUrlWithAUserAndPasswordStopsStartUpWithoutShowingThem(@TempDir Path home) throws Exception {
        // The JDK's client sends no credentials from a URL, and loopd names its model's URL in every
        // model sentence (to the person in the chat) and in its log: the password would go there.
        assertThatThrownBy(() -> load(home, "https://owner:sk-secret-9@llm.example"))
                .hasMessage("[model] url must not hold a user name or password; put the key in a [secrets.NAME]"
                        + " file and name it in [model] api_key");
    }

    private static LoopdSettings load(Path home, String url) throws Exception {
        Path toml = home.resolve("loopd.toml");
        Files.writeString(toml, "[paths]\nhome = \"" + home + "\"\n[model]\nurl = \"" + url + "\"\n");
        return LoopdSettings.load(Optional.of(toml), Map.of());
    }
}
