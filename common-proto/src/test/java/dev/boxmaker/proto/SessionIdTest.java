package dev.boxmaker.proto;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.core.JsonProcessingException;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;

/** wire.md's session id: {@code ^[a-z][a-z0-9]{0,15}-[A-Za-z0-9_-]{1,128}$}, refused with one sentence. */
class SessionIdTest {
    private static final String RULE = ": it must be a lower-case prefix, a dash, "
            + "and 1 to 128 letters, digits, '_' or '-'";

    @ParameterizedTest
    @ValueSource(strings = {"chat-20260920t140211-3f9a", "mm-y73sxj3popgwumyccptb56p1ah", "a-b", "a-_", "x9-A-Z_0"})
    void wireMdsExamplesAndTheShortestAreAccepted(String id) {
        assertThat(SessionId.of(id).value()).isEqualTo(id);
        assertThat(SessionId.isValid(id)).isTrue();
    }

    @Test
    void aSixteenCharacterPrefixAndA128CharacterTailAreAccepted() {
        String longest = "abcdefghijklmnop-" + "T".repeat(128);
        assertThat(SessionId.of(longest).value()).hasSize(SessionId.SESSION_ID_CHARS_MAX);
    }

    @ParameterizedTest
    @ValueSource(strings = {"../x", "a/b", "", "chat-caf\u00e9", "ch\u00e4t-x", "Chat-x", "CHAT-x",
        "abcdefghijklmnopq-x", "chat-", "-x", "chat", "9chat-x", "chat-x.y", "chat-x y", "chat-x\n"})
    void everythingElseIsRefusedWithTheSentence(String id) {
        assertThat(SessionId.isValid(id)).isFalse();
        assertThatThrownBy(() -> SessionId.of(id)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("invalid session id \"" + Sentences.quote(id) + "\"" + RULE);
    }

    @Test
    void sentencesQuoteTheIdAsGiven() {
        assertThatThrownBy(() -> SessionId.of("../x")).hasMessage("invalid session id \"../x\"" + RULE);
        assertThatThrownBy(() -> SessionId.of("chat-caf\u00e9")).hasMessage("invalid session id \"chat-caf\u00e9\"" + RULE);
        assertThatThrownBy(() -> SessionId.of("")).hasMessage("invalid session id \"\"" + RULE);
    }

    @Test
    void aHiddenCharacterInARefusedIdCannotDrawOnATerminal() {
        assertThatThrownBy(() -> SessionId.of("chat-\u202Ex\u001B[2J"))
                .hasMessage("invalid session id \"chat-\\u{202E}x\\u{001B}[2J\"" + RULE);
    }

    @Test
    void a129CharacterTailIsRefused() {
        String id = "chat-" + "t".repeat(129);
        assertThatThrownBy(() -> SessionId.of(id))
                .hasMessage("invalid session id \"chat-" + "t".repeat(74) + "\u2026\"" + RULE);
    }

    @Test
    void a300CharacterIdIsRefusedAndQuotedCut() {
        String id = "chat-" + "x".repeat(295);
        assertThatThrownBy(() -> SessionId.of(id))
                .hasMessage("invalid session id \"chat-" + "x".repeat(74) + "\u2026\"" + RULE);
    }

    @Test
    void nullIsRefused() {
        assertThat(SessionId.isValid(null)).isFalse();
        assertThatThrownBy(() -> SessionId.of(null)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void jsonHoldsTheIdAsAString() throws JsonProcessingException {
        SessionId id = SessionId.of("chat-20260920t140211-3f9a");
        assertThat(Json.MAPPER.writeValueAsString(id)).isEqualTo("\"chat-20260920t140211-3f9a\"");
        assertThat(Json.MAPPER.readValue("\"chat-20260920t140211-3f9a\"", SessionId.class)).isEqualTo(id);
        assertThat(id).hasToString("chat-20260920t140211-3f9a");
    }
}
