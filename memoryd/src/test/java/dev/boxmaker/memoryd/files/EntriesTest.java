package dev.boxmaker.memoryd.files;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

class EntriesTest {
    @Test
    void separatorLinesMaySurroundSectionSignWithSpacesAndEndInCarriageReturn() {
        assertThat(Entries.parse("a\n§\nb\n  §  \nc\n§\r\nd\n")).containsExactly("a", "b", "c", "d");
    }

    @Test
    void aLineWithMoreThanTheSectionSignIsPartOfTheEntry() {
        assertThat(Entries.parse("a\n§ x\nb\n")).containsExactly("a\n§ x\nb");
    }

    @Test
    void entriesAreTrimmedAndMaySpanLines() {
        assertThat(Entries.parse("  first line\nsecond line  \n§\n\n  b\n\n")).containsExactly("first line\nsecond line", "b");
    }

    @Test
    void emptyEntriesFromStraySeparatorsAreSkipped() {
        assertThat(Entries.parse("§\n§\na\n§\n   \n§\n§\nb\n§\n")).containsExactly("a", "b");
        assertThat(Entries.parse("")).isEmpty();
        assertThat(Entries.parse("\n\n")).isEmpty();
    }

    @Test
    void canonicalTextJoinsWithSeparatorLinesAndEndsInOneNewline() {
        assertThat(Entries.render(List.of("a", "b c"))).isEqualTo("a\n§\nb c\n");
        assertThat(Entries.render(List.of("a"))).isEqualTo("a\n");
        assertThat(Entries.render(List.of())).isEqualTo("");
    }

    @Test
    void theCountIsCodePointsOfTheCanonicalTextWithoutTheFinalNewline() {
        assertThat(Entries.chars(List.of("a", "b"))).isEqualTo(5);
        assertThat(Entries.chars(List.of())).isZero();
        // An emoji is one character here and two Java chars.
        assertThat("😀".length()).isEqualTo(2);
        assertThat(Entries.chars(List.of("😀"))).isEqualTo(1);
        assertThat(Entries.chars(List.of("😀", "😀"))).isEqualTo(5);
    }

    @Test
    void anOwnerEditedFileReadsBackAsItsEntries() {
        String owner = "\r\nfirst\r\n §\r\nsecond\r\n";
        assertThat(Entries.parse(owner)).containsExactly("first", "second");
    }

    @Test
    void storableRefusesEmptyAndSeparatorLines() {
        assertThat(Entries.storable("fine\nspan")).isTrue();
        assertThat(Entries.storable("  ")).isFalse();
        assertThat(Entries.storable("a\n§\nb")).isFalse();
        assertThat(Entries.storable("a\n § \nb")).isFalse();
    }

    @Test
    void invariantsRefuseOverLimitDuplicatesAndEmptyEntries() {
        Entries.checkInvariants(IdentityFile.MEMORY, List.of("x".repeat(2_200)));
        assertThatThrownBy(() -> Entries.checkInvariants(IdentityFile.MEMORY, List.of("x".repeat(2_201))))
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("memory.md is over its limit");
        Entries.checkInvariants(IdentityFile.USER, List.of("x".repeat(1_375)));
        assertThatThrownBy(() -> Entries.checkInvariants(IdentityFile.USER, List.of("x".repeat(1_376))))
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("user.md is over its limit");
        assertThatThrownBy(() -> Entries.checkInvariants(IdentityFile.MEMORY, List.of("a", "a")))
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("holds an entry twice");
        assertThatThrownBy(() -> Entries.checkInvariants(IdentityFile.MEMORY, List.of("")))
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("empty or untrimmed");
    }

    @Test
    void limitsAreTheSpecs() {
        assertThat(IdentityFile.MEMORY_CHARS_MAX).isEqualTo(2_200);
        assertThat(IdentityFile.USER_CHARS_MAX).isEqualTo(1_375);
        assertThat(IdentityFile.SOUL_CHARS_MAX).isEqualTo(4_000);
        assertThat(IdentityFile.MEMORY.fileName()).isEqualTo("memory.md");
        assertThat(IdentityFile.USER.fileName()).isEqualTo("user.md");
    }

    @Test
    void invariantsCheckThrowsIllegalStateWithTheSentence() {
        Invariants.check(true, "fine");
        assertThatThrownBy(() -> Invariants.check(false, "the count is over"))
                .isInstanceOf(IllegalStateException.class).hasMessage("invariant broken: the count is over");
    }
}
