package dev.boxmaker.proto.text;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** sanitize.md's secret rules: each known prefix at its minimum length, and one character short. */
class SecretRulesTest {
    static Stream<Arguments> rules() {
        return SecretRules.PREFIX_RULES.stream().map(Arguments::of);
    }

    /** {@code n} characters of the rule's alphabet: its first character, which every alphabet here has. */
    private static String tail(SecretRules.PrefixRule rule, int n) {
        char first = rule.alphabet().charAt(0);
        return String.valueOf(first == 'A' ? 'Q' : first).repeat(n);
    }

    @ParameterizedTest
    @MethodSource("rules")
    void aKeyAtItsMinimumLengthIsRefusedByItsRule(SecretRules.PrefixRule rule) {
        String text = "my key is " + rule.prefix() + tail(rule, rule.charsMin()) + " keep it";
        assertThat(Sanitize.refuse(text, List.of())).contains(rule.prefix());
    }

    @ParameterizedTest
    @MethodSource("rules")
    void oneCharacterShortIsNoKey(SecretRules.PrefixRule rule) {
        String text = "my key is " + rule.prefix() + tail(rule, rule.charsMin() - 1) + " keep it";
        assertThat(Sanitize.refuse(text, List.of())).isEmpty();
    }

    @ParameterizedTest
    @MethodSource("rules")
    void aPrefixInsideAWordIsNoKey(SecretRules.PrefixRule rule) {
        String text = "x" + rule.prefix() + tail(rule, rule.charsMin() + 5);
        assertThat(Sanitize.refuse(text, List.of())).isEmpty();
    }

    @Test
    void theMinimumsAreTheDecidedOnes() {
        assertThat(SecretRules.PREFIX_RULES).extracting(r -> r.prefix() + " " + r.charsMin()).containsExactly(
                "sk-proj- 20", "sk-ant- 20", "sk- 20", "ghp_ 36", "gho_ 36", "ghu_ 36", "ghs_ 36", "ghr_ 36",
                "github_pat_ 40", "glpat- 20", "xoxb- 10", "xoxp- 10", "xoxa- 10", "xoxr- 10", "xoxs- 10", "AKIA 16",
                "ASIA 16", "AIza 35", "hf_ 30", "npm_ 36", "pypi- 50", "sk_live_ 24", "rk_live_ 24", "SG. 22");
    }

    @Test
    void realLookingKeysAreNamedByTheirMostSpecificRule() {
        assertThat(Sanitize.refuse("sk-proj-Ab3_dE-fGhIjKlMnOpQrStUvWx", List.of())).contains("sk-proj-");
        assertThat(Sanitize.refuse("sk-ant-api03-AbCdEfGhIjKlMnOpQrStUv", List.of())).contains("sk-ant-");
        assertThat(Sanitize.refuse("export OPENAI=sk-T3BlbkFJabcdefghij0123456789", List.of())).contains("sk-");
        assertThat(Sanitize.refuse("aws AKIAIOSFODNN7EXAMPLE ok", List.of())).contains("AKIA");
        assertThat(Sanitize.refuse("AKIAiosfodnn7example", List.of())).isEmpty();
        assertThat(Sanitize.refuse("SG.abcdefghijklmnopqrstuv.0123456789", List.of())).contains("SG.");
    }

    @Test
    void aPrivateKeyBlockIsRefused() {
        for (String kind : List.of("", "RSA ", "OPENSSH ", "EC ", "ENCRYPTED ", "DSA ")) {
            assertThat(Sanitize.refuse("x\n-----BEGIN " + kind + "PRIVATE KEY-----\nMIIE\n", List.of()))
                    .as(kind).contains(SecretRules.PRIVATE_KEY);
        }
        assertThat(Sanitize.refuse("-----BEGIN PUBLIC KEY-----\nMIIB", List.of())).isEmpty();
        assertThat(Sanitize.refuse("-----BEGIN CERTIFICATE-----", List.of())).isEmpty();
        assertThat(Sanitize.refuse("----BEGIN PRIVATE KEY----", List.of())).isEmpty();
    }

    @Test
    void aConfiguredValueIsRefusedByNameWithoutTheValue() {
        List<String> values = List.of("hunter2-correct-horse");
        Optional<String> rule = Sanitize.refuse("the password is hunter2-correct-horse.", values);
        assertThat(rule).contains(SecretRules.CONFIGURED);
        assertThat(rule.get()).doesNotContain("hunter2");
        assertThat(Sanitize.refuse("the password is hunter2-correct-hors", values)).isEmpty();
    }

    @Test
    void anEmptyConfiguredValueMatchesNothing() {
        assertThat(Sanitize.refuse("any text", List.of(""))).isEmpty();
        assertThat(Sanitize.refuse("any text", List.of("\u200b"))).isEmpty();
    }

    @Test
    void aHiddenCharacterOrFullWidthLettersDoNotHideAKey() {
        String key = "ghp_" + "a".repeat(18) + "\u200b" + "b".repeat(18);
        assertThat(Sanitize.refuse(key, List.of())).contains("ghp_");
        String wide = "\uff27\uff28\uff30_" + "0".repeat(36);
        assertThat(Sanitize.refuse(wide.replace("\uff27\uff28\uff30", "\uff47\uff48\uff50"), List.of())).contains("ghp_");
        assertThat(Sanitize.refuse("the value: hun\u200bter2-xyz", List.of("hunter2-xyz"))).contains(SecretRules.CONFIGURED);
    }

    @Test
    void plainTextIsNotRefused() {
        assertThat(Sanitize.refuse("ask the desk-team about the risk-assessment and AKIA docs", List.of("zzz")))
                .isEmpty();
    }
}
