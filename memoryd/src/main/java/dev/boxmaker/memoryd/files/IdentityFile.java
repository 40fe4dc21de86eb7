package dev.boxmaker.memoryd.files;

import java.util.Optional;

/** The two files of entries the agent edits: their names, limits, and the word a call names them by. */
public enum IdentityFile {
    MEMORY("memory", "memory.md", IdentityFile.MEMORY_CHARS_MAX),
    USER("user", "user.md", IdentityFile.USER_CHARS_MAX);

    /** The spec's limit of memory.md, in code points of the canonical text. */
    public static final int MEMORY_CHARS_MAX = 2_200;

    /** The spec's limit of user.md, in code points of the canonical text. */
    public static final int USER_CHARS_MAX = 1_375;

    /** The spec's limit of soul.md, the owner's file, read only. */
    public static final int SOUL_CHARS_MAX = 4_000;

    private final String arg;
    private final String fileName;
    private final int charsMax;

    IdentityFile(String arg, String fileName, int charsMax) {
        this.arg = arg;
        this.fileName = fileName;
        this.charsMax = charsMax;
    }

    /** The word in the tool's {@code file} argument: {@code memory} or {@code user}. */
    public String arg() {
        return arg;
    }

    /** The file's name in {@code memory/} and in every sentence. */
    public String fileName() {
        return fileName;
    }

    public int charsMax() {
        return charsMax;
    }

    /** The file a call's {@code file} argument names, if any. */
    public static Optional<IdentityFile> ofArg(String arg) {
        for (IdentityFile f : values()) {
            if (f.arg.equals(arg)) {
                return Optional.of(f);
            }
        }
        return Optional.empty();
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
