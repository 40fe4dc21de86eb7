package dev.boxmaker.memoryd.block;

import dev.boxmaker.memoryd.sentences.StartSentences;
import dev.boxmaker.memoryd.check.Check;
import dev.boxmaker.memoryd.files.Entries;
import dev.boxmaker.memoryd.files.IdentityFile;
import dev.boxmaker.memoryd.files.MemoryDir;
import dev.boxmaker.proto.server.HandlerRefusal;
import java.io.IOException;
import java.nio.charset.CharacterCodingException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.jboss.logging.Logger;

/**
 * Builds the memory block from the files as they are now (the M5a spec, section 4). A file over
 * its limit or unreadable refuses the block (runbook {@code memory-unavailable}): a session that
 * starts with no memory, and no sign of it, is what this prevents. Each entry is checked again;
 * one that fails is left out and logged with its file and rule.
 */
public final class BlockBuilder {
    /** The runbook entry every refusal of the block points to. */
    public static final String RUNBOOK = "memory-unavailable";

    private static final Logger LOG = Logger.getLogger(BlockBuilder.class);

    /** The files the block is made of; a change to any of them makes a new block. */
    private static final List<String> SOURCES = List.of(MemoryDir.SOUL, IdentityFile.MEMORY.fileName(),
            IdentityFile.USER.fileName());

    private final Path memoryDir;

    /** The last block built, with what its files were then; one stat per file tells it still holds. */
    private volatile Cached cached;

    private record Cached(List<Map<String, Object>> stamps, String block) {
    }

    public BlockBuilder(Path memoryDir) {
        this.memoryDir = memoryDir;
    }

    /**
     * The block, or a {@link HandlerRefusal} naming the file at fault. Building it reads, parses and
     * checks every entry; the result is kept while no file changed (its inode, size, mtime and ctime
     * are the same; memoryd replaces a file by rename, which always gives a new inode). The stamps are
     * taken before the files are read, so a change during a build is seen by the next one.
     */
    public String build() throws HandlerRefusal {
        List<Map<String, Object>> stamps = stamps();
        Cached last = cached;
        if (last != null && stamps != null && last.stamps().equals(stamps)) {
            return last.block();
        }
        String block = buildFromFiles();
        if (stamps != null) {
            cached = new Cached(stamps, block);
        }
        return block;
    }

    /** Each source file's inode, size, mtime and ctime; null when any cannot be read. */
    private List<Map<String, Object>> stamps() {
        List<Map<String, Object>> out = new ArrayList<>(SOURCES.size());
        try {
            for (String name : SOURCES) {
                out.add(Files.readAttributes(memoryDir.resolve(name), "unix:ino,size,lastModifiedTime,ctime"));
            }
        } catch (IOException | UnsupportedOperationException e) {
            return null;
        }
        return out;
    }

    private String buildFromFiles() throws HandlerRefusal {
        String soul = Entries.withoutByteOrderMark(read(MemoryDir.SOUL));
        long soulChars = Entries.chars(soul.stripTrailing());
        if (soulChars > IdentityFile.SOUL_CHARS_MAX) {
            throw refusal(StartSentences.overLimit(memoryDir.resolve(MemoryDir.SOUL), soulChars, IdentityFile.SOUL_CHARS_MAX));
        }
        List<BlockText.Part> parts = new ArrayList<>(2);
        for (IdentityFile file : IdentityFile.values()) {
            parts.add(part(file));
        }
        return BlockText.render(soul, parts);
    }

    private BlockText.Part part(IdentityFile file) throws HandlerRefusal {
        String name = file.fileName();
        List<String> entries = Entries.parse(read(name));
        long chars = Entries.chars(entries);
        long max = file.charsMax();
        if (chars > max) {
            throw refusal(StartSentences.overLimit(memoryDir.resolve(name), chars, max));
        }
        List<String> shown = new ArrayList<>(entries.size());
        for (String entry : entries) {
            Optional<Check.Refusal> refused = Check.firstRefusal(entry);
            if (refused.isPresent()) {
                LOG.warnf("left an entry of %s out of the memory block: rule %d", name, refused.get().rule());
            } else {
                shown.add(entry);
            }
        }
        return new BlockText.Part(name, shown, chars, max);
    }

    private String read(String name) throws HandlerRefusal {
        Path file = memoryDir.resolve(name);
        try {
            return java.nio.file.Files.readString(file, java.nio.charset.StandardCharsets.UTF_8);
        } catch (CharacterCodingException e) {
            throw refusal(StartSentences.unreadable(file, "it is not valid UTF-8"));
        } catch (java.nio.file.NoSuchFileException e) {
            throw refusal(StartSentences.unreadable(file, "it does not exist"));
        } catch (IOException e) {
            throw refusal(StartSentences.unreadable(file, e.getClass().getSimpleName()));
        }
    }

    private static HandlerRefusal refusal(String sentence) {
        return new HandlerRefusal(sentence, RUNBOOK);
    }
}
