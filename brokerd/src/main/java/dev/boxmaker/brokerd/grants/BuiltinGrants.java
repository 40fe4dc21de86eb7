package dev.boxmaker.brokerd.grants;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;

/**
 * The grants every brokerd holds whatever {@code grants/} says: recall's and memory's (the M5a spec,
 * section 8), whose text is the spec's byte for byte, and ask_memory's (the M5c spec, section 9). Each
 * line ends in a newline; a grant's {@code grant_sha256} is the SHA-256 of its text, so the audit log
 * names them like any other grant.
 */
public final class BuiltinGrants {
    /** Grant ids starting with this are reserved for the built-ins. */
    public static final String RESERVED_PREFIX = "builtin-";
    public static final String RECALL_ID = "builtin-recall";
    public static final String MEMORY_ID = "builtin-memory";
    public static final String ASK_MEMORY_ID = "builtin-ask_memory";

    public static final String RECALL_TEXT = """
            # built in: recall
            tool = "recall"
            mode = "auto"
            max_taint = "secret"
            result_class = "private"
            untrusted = false
            """;

    public static final String MEMORY_TEXT = """
            # built in: memory
            tool = "memory"
            mode = "auto"
            max_taint = "secret"
            result_class = "private"
            untrusted = false
            """;

    /**
     * ask_memory's (the M5c spec, section 9), in the same words as the spec's two; its timeout is
     * brokerd's wait on memoryd for it, which the runtime holds to. The label of its answer is
     * memoryd's (each reply's workspace), as recall's is.
     */
    public static final String ASK_MEMORY_TEXT = """
            # built in: ask_memory
            tool = "ask_memory"
            mode = "auto"
            max_taint = "secret"
            result_class = "private"
            untrusted = false
            timeout = "170s"
            """;

    private BuiltinGrants() {
    }

    /** All three, parsed from their text by the same code as the owner's files. */
    public static List<Grant> all() {
        try {
            return List.of(GrantParser.parseBuiltin(RECALL_ID, RECALL_TEXT), GrantParser.parseBuiltin(MEMORY_ID, MEMORY_TEXT),
                    GrantParser.parseBuiltin(ASK_MEMORY_ID, ASK_MEMORY_TEXT));
        } catch (GrantParser.Invalid e) {
            throw new IllegalStateException("a built-in grant does not parse: " + e.getMessage(), e);
        }
    }

    /** The lowercase hex SHA-256 of {@code bytes}. */
    public static String sha256(byte[] bytes) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every JDK has SHA-256", e);
        }
    }

    static String sha256(String text) {
        return sha256(text.getBytes(StandardCharsets.UTF_8));
    }
}
