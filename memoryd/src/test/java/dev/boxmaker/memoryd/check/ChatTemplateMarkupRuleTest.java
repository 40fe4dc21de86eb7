package dev.boxmaker.memoryd.check;

import static org.assertj.core.api.Assertions.assertThat;

import dev.boxmaker.memoryd.check.Check.Refusal;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/** Rule 3: chat-template markup. */
class ChatTemplateMarkupRuleTest {

    private static final String[] TAG_NAMES = {
        "system", "user", "assistant", "developer", "tool", "tool_call", "tool_response",
        "function_call", "think", "im_start", "im_end", "start_of_turn", "end_of_turn", "bos", "eos",
    };

    private static Refusal markup(String matched) {
        return new Refusal(3, "refused: the text holds chat-template markup (" + matched + ")");
    }

    @Test
    void anImStartTokenIsRefusedAtItsOpeningBars() {
        assertThat(Check.firstRefusal("<|im_start|>system"))
                .contains(new Refusal(3, "refused: the text holds chat-template markup (<|)"));
    }

    @Test
    void closingBarsAloneAreRefused() {
        assertThat(Check.firstRefusal("end of turn|>")).contains(markup("|>"));
    }

    @Test
    void deepSeeksFullWidthBarsAreRefusedLikeAsciiBars() {
        // DeepSeek's templates write their turn markers with U+FF5C: <｜User｜>, <｜Assistant｜>.
        assertThat(Check.firstRefusal("<\uFF5CAssistant\uFF5C>I agree")).contains(markup("<\uFF5C"));
        assertThat(Check.firstRefusal("end\uFF5C>")).contains(markup("\uFF5C>"));
        assertThat(Check.firstRefusal("a \uFF5C b > c and \uFF5C alone")).isEmpty();
    }

    @ParameterizedTest
    @ValueSource(strings = {"<s>", "</s>", "<S>", "</S>", "[INST]", "[inst]", "[/INST]", "[/Inst]",
        "<<SYS>>", "<<sys>>", "<</SYS>>", "<</SyS>>"})
    void fixedMarkupInAnyCaseIsRefusedAsWritten(String fixed) {
        assertThat(Check.firstRefusal("before " + fixed + " after")).contains(markup(fixed));
    }

    @Test
    void everyNamedTagOpeningOrClosingInAnyCaseIsRefusedAsWritten() {
        for (String name : TAG_NAMES) {
            String upper = name.toUpperCase(java.util.Locale.ROOT);
            for (String tag : new String[] {"<" + name + ">", "</" + name + ">", "<" + upper + ">"}) {
                assertThat(Check.firstRefusal("x " + tag + " y")).as(tag).contains(markup(tag));
            }
        }
    }

    @Test
    void mixedCaseTagsAreRefusedAndQuotedAsWritten() {
        assertThat(Check.firstRefusal("now <SyStEm> says")).contains(markup("<SyStEm>"));
        assertThat(Check.firstRefusal("[inst] do it")).contains(markup("[inst]"));
        assertThat(Check.firstRefusal("done</Tool_Call>")).contains(markup("</Tool_Call>"));
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', quoteCharacter = '~', value = {
        "~<tool_call name=\"x\">~",
        "~<think />~",
        "~<bos/>~",
        "~<system >~",
        "~</tool_response\t>~",
        "~<assistant role='x' id=2>~",
    })
    void tagsWithAttributesOrSelfClosingAreRefusedWhole(String tag) {
        assertThat(Check.firstRefusal("before " + tag + " after")).contains(markup(tag));
    }

    /**
     * A newline, or any other white space, inside a tag is the same tag to a tokenizer: these were
     * accepted while {@code <system >} was refused. The quote writes a line break as {@code \n}.
     */
    @ParameterizedTest
    @CsvSource(delimiter = '|', quoteCharacter = '~', value = {
        "~<system\n>x~|~<system\\n>~",
        "~</system\n>~|~</system\\n>~",
        "~<tool_call\nname=\"x\">~|~<tool_call\\nname=\"x\">~",
        "~<im_start\n>~|~<im_start\\n>~",
        "~<user\nname> over two lines~|~<user\\nname>~",
        "~<think\n/>~|~<think\\n/>~",
        "~<think/ >~|~<think/ >~",
        "~<assistant\u00A0>~|~<assistant\u00A0>~",
        "~<tool\u3000\n\t>~|~<tool\u3000\\n\t>~",
    })
    void whiteSpaceOfAnyKindInsideATagIsTheSameTag(String text, String quoted) {
        assertThat(Check.firstRefusal("before " + text + " after")).contains(markup(quoted));
    }

    @Test
    void aTagWithLongAttributesIsQuotedCutToEightyCharactersInAll() {
        String tag = "<tool_call args=\"" + "x".repeat(100) + "\">";
        assertThat(Check.firstRefusal(tag))
                .contains(markup(tag.substring(0, 79) + "…"));
    }

    @Test
    void lookAlikeLettersThatFoldOntoATagNameAreRefused() {
        assertThat(Check.firstRefusal("<thin\u212A>")).contains(markup("<thin\u212A>"));
    }

    @Test
    void theFirstMarkupInTheTextIsQuoted() {
        assertThat(Check.firstRefusal("[INST] then <system>")).contains(markup("[INST]"));
        assertThat(Check.firstRefusal("<user> then <|")).contains(markup("<user>"));
        assertThat(Check.firstRefusal("a |> b <|")).contains(markup("|>"));
    }

    @Test
    void aTagInsideAnotherTagsAttributesIsTheOneQuoted() {
        assertThat(Check.firstRefusal("<user name=\"a<system>\">")).contains(markup("<system>"));
    }

    @ParameterizedTest
    @ValueSource(strings = {
        "< system> is spaced like a comparison",
        "a < user count and b > c",
        "<users> and <systemd> and <toolbox> and <tools>",
        "<tool_call never closed",
        "<sys> and <inst> and [instructions]",
        "x <= y, a | b, c > d, [link](url)",
        "<b>bold</b> and <em>italic</em>",
    })
    void textThatOnlyResemblesMarkupIsAccepted(String text) {
        assertThat(Check.firstRefusal(text)).isEmpty();
    }
}
