package dev.boxmaker.brokerd.grants;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;

/**
 * The two grants every brokerd holds whatever {@code grants/} says (the M5a spec, section 8). Their
 * text is the spec's, byte for byte, each line ending in a newline; their {@code grant_sha256} is the
 * SHA-256 of that text, so the audit log names them like any other grant.
 */
public final class BuiltinGrants {
    /** Grant ids starting with this are reserved for the built-ins. */
    public static final String RESERVED_PREFIX = "builtin-";
    public static final String RECALL_ID = "builtin-recall";
    public static final String MEMORY_ID = "builtin-memory";

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

    private BuiltinGrants() {
    }

    /** Both, parsed from their text by the same code as the owner's files. */
    public static List<Grant> all() {
        try {
            return List.of(GrantParser.parseBuiltin(RECALL_ID, RECALL_TEXT), GrantParser.parseBuiltin(MEMORY_ID, MEMORY_TEXT));
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
