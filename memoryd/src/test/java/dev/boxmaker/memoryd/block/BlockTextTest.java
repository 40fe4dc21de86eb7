package dev.boxmaker.memoryd.block;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class BlockTextTest {
    @Test
    void emptyFilesShowEmpty() {
        String block = BlockText.render("Be kind.\n", List.of(
                new BlockText.Part("memory.md", List.of(), 0, 2200),
                new BlockText.Part("user.md", List.of(), 0, 1375)));
        assertThat(block).isEqualTo("""
                # soul.md
                Be kind.

                # memory.md (0 of 2,200 characters)
                (empty)

                # user.md (0 of 1,375 characters)
                (empty)""");
    }

    @Test
    void entriesAreSeparatedAsInTheFileAndCountsAreGrouped() {
        String block = BlockText.render("Soul\nline two\n\n\n", List.of(
                new BlockText.Part("memory.md", List.of("Owner prefers UTC.", "Two\nlines"), 1474, 2200),
                new BlockText.Part("user.md", List.of("Kyle"), 4, 1375)));
        assertThat(block).isEqualTo("# soul.md\nSoul\nline two\n\n# memory.md (1,474 of 2,200 characters)\n"
                + "Owner prefers UTC.\n§\nTwo\nlines\n\n# user.md (4 of 1,375 characters)\nKyle");
    }

    @Test
    void aBlankSoulShowsEmpty() {
        assertThat(BlockText.render(" \n", List.of())).isEqualTo("# soul.md\n(empty)");
    }
}
