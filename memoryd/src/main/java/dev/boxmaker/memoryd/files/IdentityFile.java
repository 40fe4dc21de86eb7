package dev.boxmaker.memoryd.files;

import dev.boxmaker.proto.tools.ToolContract;
import dev.boxmaker.proto.tools.ToolFile;
import java.util.Optional;

/** The two files of entries the agent edits: their names, limits, and the word a call names them by. */
public enum IdentityFile {
    MEMORY(ToolFile.MEMORY, "memory.md"),
    USER(ToolFile.USER, "user.md");

    /** The spec's limit of memory.md, in code points of the canonical text. */
    public static final int MEMORY_CHARS_MAX = ToolContract.MEMORY_FILE_CHARS_MAX;

    /** The spec's limit of user.md, in code points of the canonical text. */
    public static final int USER_CHARS_MAX = ToolContract.USER_FILE_CHARS_MAX;

    /** The spec's limit of soul.md, the owner's file, read only. */
    public static final int SOUL_CHARS_MAX = 4_000;

    private final ToolFile tool;
    private final String fileName;

    IdentityFile(ToolFile tool, String fileName) {
        this.tool = tool;
        this.fileName = fileName;
    }

    /** The word in the tool's {@code file} argument: {@code memory} or {@code user}. */
    public String arg() {
        return tool.arg();
    }

    /** The file's name in {@code memory/} and in every sentence. */
    public String fileName() {
        return fileName;
    }

    public int charsMax() {
        return tool.charsMax();
    }

    /** The file a call's {@code file} argument names, if any. */
    public static Optional<IdentityFile> ofArg(String arg) {
        return ToolFile.ofArg(arg).map(IdentityFile::of);
    }

    /** The file the tool contract's {@code file} word names. */
    public static IdentityFile of(ToolFile file) {
        for (IdentityFile f : values()) {
            if (f.tool == file) {
                return f;
            }
        }
        throw new IllegalArgumentException(file.name());
    }

    /** The file with this name ({@code memory.md}, {@code user.md}), if any. */
    public static Optional<IdentityFile> ofFileName(String name) {
        for (IdentityFile f : values()) {
            if (f.fileName.equals(name)) {
                return Optional.of(f);
            }
        }
        return Optional.empty();
    }
}
