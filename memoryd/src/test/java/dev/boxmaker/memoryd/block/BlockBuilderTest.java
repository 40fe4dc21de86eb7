package dev.boxmaker.memoryd.block;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.boxmaker.proto.server.HandlerRefusal;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The block from the files on disk: counts, limits (an emoji is one character), refusals, the check. */
class BlockBuilderTest {
    static final String EMOJI = "😀";

    @TempDir
    Path dir;

    @BeforeEach
    void files() throws Exception {
        write("soul.md", "Be kind.\n");
        write("memory.md", "");
        write("user.md", "");
    }

    private void write(String name, String text) throws Exception {
        Files.writeString(dir.resolve(name), text, StandardCharsets.UTF_8);
    }

    private String build() throws HandlerRefusal {
        return new BlockBuilder(dir).build();
    }

    /** One entry of exactly {@code chars} characters, the last of them an emoji (two UTF-16 units). */
    private static String entryOf(int chars) {
        return "x".repeat(chars - 1) + EMOJI;
    }

    @Test
    void zeroEntries() throws Exception {
        assertThat(build()).isEqualTo("# soul.md\nBe kind.\n\n# memory.md (0 of 2,200 characters)\n(empty)\n\n"
                + "# user.md (0 of 1,375 characters)\n(empty)");
    }

    @Test
    void memoryExactlyAtItsLimitIsServed() throws Exception {
        String entry = entryOf(2_200);
        write("memory.md", entry + "\n");
        assertThat(build()).isEqualTo("# soul.md\nBe kind.\n\n# memory.md (2,200 of 2,200 characters)\n" + entry
                + "\n\n# user.md (0 of 1,375 characters)\n(empty)");
    }

    @Test
    void memoryOneOverItsLimitIsRefusedNamingTheFile() throws Exception {
        write("memory.md", entryOf(2_201) + "\n");
        assertThatThrownBy(this::build).isInstanceOfSatisfying(HandlerRefusal.class, r -> {
            assertThat(r.getMessage()).isEqualTo(dir.resolve("memory.md")
                    + " is 2,201 of 2,200 characters, over its limit; shorten it with an editor");
            assertThat(r.runbook()).isEqualTo("memory-unavailable");
        });
    }

    @Test
    void userAtAndOneOverItsLimit() throws Exception {
        // "a", the separator's three characters, and the rest.
        write("user.md", "a\n§\n" + entryOf(1_371) + "\n");
        assertThat(build()).contains("# user.md (1,375 of 1,375 characters)\na\n§\n" + entryOf(1_371));
        write("user.md", "a\n§\n" + entryOf(1_372) + "\n");
        assertThatThrownBy(this::build).hasMessage(dir.resolve("user.md")
                + " is 1,376 of 1,375 characters, over its limit; shorten it with an editor");
    }

    @Test
    void soulAtAndOneOverItsLimit() throws Exception {
        write("soul.md", entryOf(4_000) + "\n\n");
        assertThat(build()).startsWith("# soul.md\n" + entryOf(4_000) + "\n\n# memory.md");
        write("soul.md", entryOf(4_001));
        assertThatThrownBy(this::build).hasMessage(dir.resolve("soul.md")
                + " is 4,001 of 4,000 characters, over its limit; shorten it with an editor");
    }

    @Test
    void aFileThatIsNotUtf8IsRefusedNamingIt() throws Exception {
        Files.write(dir.resolve("user.md"), new byte[] {(byte) 0xC3, (byte) 0x28});
        assertThatThrownBy(this::build).hasMessage(dir.resolve("user.md")
                + " cannot be read (it is not valid UTF-8); fix or restore it");
    }

    @Test
    void aMissingFileIsRefusedNamingIt() throws Exception {
        Files.delete(dir.resolve("memory.md"));
        assertThatThrownBy(this::build).hasMessage(dir.resolve("memory.md")
                + " cannot be read (it does not exist); fix or restore it");
    }

    @Test
    void anEntryTheOwnerEditedThatFailsTheCheckIsLeftOutButCounted() throws Exception {
        write("memory.md", "kept\n§\nhidden\u200Bword\n");
        assertThat(build()).contains("# memory.md (18 of 2,200 characters)\nkept\n\n# user.md");
    }

    @Test
    void anOwnerEditedFileWithStraySeparatorsAndCarriageReturnsReadsAsItsEntries() throws Exception {
        write("memory.md", "§\none\r\nline two\r\n  §  \r\n\r\n§\ntwo\n");
        assertThat(build()).contains("# memory.md (18 of 2,200 characters)\none\nline two\n§\ntwo\n\n# user.md");
    }

    @Test
    void aByteOrderMarkAnEditorPutAtTheStartOfAFileIsNotPartOfItsFirstEntry() throws Exception {
        // Notepad saves UTF-8 with a BOM (U+FEFF, invisible): the first entry must not fail rule 2 for it.
        write("soul.md", "\uFEFFBe kind.\n");
        write("memory.md", "\uFEFFthe owner's fact\n§\nsecond\n");
        write("user.md", "\uFEFF");
        assertThat(build()).isEqualTo("# soul.md\nBe kind.\n\n# memory.md (25 of 2,200 characters)\n"
                + "the owner's fact\n§\nsecond\n\n# user.md (0 of 1,375 characters)\n(empty)");
    }

    @Test
    void aKeptBlockIsRebuiltWhenAFileChangesEvenToTheSameSize() throws Exception {
        BlockBuilder builder = new BlockBuilder(dir);
        write("memory.md", "aaaa\n");
        assertThat(builder.build()).contains("\naaaa\n");
        assertThat(builder.build()).contains("\naaaa\n");
        // memoryd replaces files by rename; an editor may write in place: both are seen.
        Path next = dir.resolve("memory.md.new");
        Files.writeString(next, "bbbb\n");
        Files.move(next, dir.resolve("memory.md"), java.nio.file.StandardCopyOption.ATOMIC_MOVE);
        assertThat(builder.build()).contains("\nbbbb\n");
        write("user.md", "cccc\n");
        assertThat(builder.build()).contains("\ncccc");
        Files.delete(dir.resolve("user.md"));
        assertThatThrownBy(builder::build).hasMessageContaining("user.md cannot be read");
    }
}
