package dev.boxmaker.memoryd.honcho;

import java.util.regex.Pattern;

/**
 * Honcho's rule for the ids of workspaces, peers and sessions (honcho.md): 1 to 512 letters, digits,
 * {@code _} or {@code -}. Peer names starting {@code scope.} are reserved by the server; the rule
 * already excludes them, since it allows no dot.
 */
public final class HonchoIds {
    /** The longest id Honcho accepts. */
    public static final int ID_CHARS_MAX = 512;

    private static final Pattern ID = Pattern.compile("[a-zA-Z0-9_-]{1," + ID_CHARS_MAX + "}");

    private HonchoIds() {
    }

    /** Whether {@code id} is a valid Honcho workspace, peer or session id; {@code null} is not. */
    public static boolean isValid(String id) {
        return id != null && ID.matcher(id).matches();
    }
}
