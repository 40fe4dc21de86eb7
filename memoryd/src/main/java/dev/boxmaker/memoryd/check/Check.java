package dev.boxmaker.memoryd.check;

import dev.boxmaker.memoryd.sentences.CheckSentences;
import dev.boxmaker.proto.text.Markup;
import java.util.Objects;
import java.util.Optional;

/**
 * The check of memoryd.md ("The check"): the content rules every new or rewritten entry of
 * memory.md or user.md, and every note, must pass, and that every entry passes again each time the
 * memory block is built.
 *
 * <p>Pure and stateless, so safe from any thread. Every rule is one linear pass over the text (rule 4
 * adds one normalised copy), because it runs on every write and on every entry of every block.
 */
public final class Check {

    private Check() {
    }

    /**
     * The first rule the text breaks, with its fixed sentence.
     *
     * <p>Rules are tried in order 0 to 4; within a rule the sentence names what comes first in the
     * text. Empty means the text passes.
     */
    public static Optional<Refusal> firstRefusal(String text) {
        Objects.requireNonNull(text, "text");
        if (SeparatorLines.holdsOne(text)) {
            return refused(Refusal.RULE_SEPARATOR, CheckSentences.REFUSED_ENTRY_SEPARATOR);
        }
        String heading = BlockHeadings.first(text);
        if (heading != null) {
            return refused(Refusal.RULE_SEPARATOR, CheckSentences.refusedBlockHeading(heading));
        }
        int control = firstControlCharacter(text);
        if (control >= 0) {
            return refused(Refusal.RULE_CONTROL, CheckSentences.refusedControlCharacter(control));
        }
        int invisible = InvisibleCharacters.first(text);
        if (invisible >= 0) {
            return refused(Refusal.RULE_INVISIBLE, CheckSentences.refusedInvisibleCharacter(invisible));
        }
        String markup = Markup.first(text);
        if (markup != null) {
            return refused(Refusal.RULE_MARKUP, CheckSentences.refusedChatTemplateMarkup(markup));
        }
        String phrase = InstructionPhrases.first(text);
        if (phrase != null) {
            return refused(Refusal.RULE_INSTRUCTION, CheckSentences.refusedInstruction(phrase));
        }
        return Optional.empty();
    }

    /**
     * Rule 1: the first C0 control other than tab and newline, DEL, or C1 control; or -1. All of them
     * are single UTF-16 units, so a scan of {@code char}s sees every one.
     */
    static int firstControlCharacter(String text) {
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (isControl(c)) {
                return c;
            }
        }
        return -1;
    }

    private static boolean isControl(char c) {
        return (c <= 0x1F && c != '\t' && c != '\n') || (c >= 0x7F && c <= 0x9F);
    }

    private static Optional<Refusal> refused(int rule, String sentence) {
        return Optional.of(new Refusal(rule, sentence));
    }

    /**
     * Why a text was refused: the rule's number as memoryd.md numbers it (0 to 4), and the sentence
     * to give the model or the owner.
     */
    public record Refusal(int rule, String sentence) {

        /** A line that reads as an entry separator, a notes.md header or a heading of the block. */
        public static final int RULE_SEPARATOR = 0;
        /** A control character other than tab and newline. */
        public static final int RULE_CONTROL = 1;
        /** An invisible or direction-changing character. */
        public static final int RULE_INVISIBLE = 2;
        /** Chat-template markup. */
        public static final int RULE_MARKUP = 3;
        /** One of the fixed instruction phrases. */
        public static final int RULE_INSTRUCTION = 4;

        public Refusal {
            if (rule < RULE_SEPARATOR || rule > RULE_INSTRUCTION) {
                throw new IllegalArgumentException("no rule " + rule + " in the check (0 to 4)");
            }
            Objects.requireNonNull(sentence, "sentence");
        }
    }
}
