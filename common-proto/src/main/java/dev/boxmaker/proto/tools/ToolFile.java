package dev.boxmaker.proto.tools;

import java.util.Optional;

/** The word in memory's {@code file} argument, and the limit of the file it names. */
public enum ToolFile {
    MEMORY("memory", ToolContract.MEMORY_FILE_CHARS_MAX),
    USER("user", ToolContract.USER_FILE_CHARS_MAX);

    private final String arg;
    private final int charsMax;

    ToolFile(String arg, int charsMax) {
        this.arg = arg;
        this.charsMax = charsMax;
    }

    public String arg() {
        return arg;
    }

    /** The file's whole limit, which is also the longest {@code old} or {@code text} that names it. */
    public int charsMax() {
        return charsMax;
    }

    public static Optional<ToolFile> ofArg(String arg) {
        for (ToolFile f : values()) {
            if (f.arg.equals(arg)) {
                return Optional.of(f);
            }
        }
        return Optional.empty();
    }
}
