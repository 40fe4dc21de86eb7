package dev.boxmaker.memoryd.honcho.ledger;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * The Honcho ids of the conclusions the ledger's {@code sent} lines recorded as created and not yet
 * as deleted, by {@link #key}: a digest of the observing peer and the exact text sent, never the text.
 * So a deletion finds the conclusion its own edit made, never a look-alike Honcho derived. Kept
 * through the checkpoint. Not thread-safe: the ledger's lock guards it.
 */
final class ConclusionIds {
    /** The hex digits of a key: 128 bits of SHA-256. */
    static final int KEY_HEX_CHARS = 32;

    private final Map<String, List<String>> ids = new HashMap<>();
    private final Map<String, String> keys = new HashMap<>();

    /** The key of the conclusion of {@code peer} about itself with {@code content}, as sent. */
    static String key(String peer, String content) {
        try {
            MessageDigest sha = MessageDigest.getInstance("SHA-256");
            sha.update(peer.getBytes(StandardCharsets.UTF_8));
            sha.update((byte) '\n');
            sha.update(content.getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(sha.digest()).substring(0, KEY_HEX_CHARS);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is in every JDK", e);
        }
    }

    /** A {@code sent} line: the ids it names that are held were deleted by it; its {@code conclusions} were created. */
    void apply(LedgerLine line) {
        if (line.ids() != null) {
            line.ids().forEach(this::forget);
        }
        if (line.conclusions() != null) {
            line.conclusions().forEach(this::add);
        }
    }

    /** The id recorded last for {@code key} and not deleted since. */
    Optional<String> latest(String key) {
        List<String> held = ids.get(key);
        return held == null || held.isEmpty() ? Optional.empty() : Optional.of(held.get(held.size() - 1));
    }

    Map<String, List<String>> snapshot() {
        Map<String, List<String>> out = new TreeMap<>();
        ids.forEach((k, v) -> out.put(k, List.copyOf(v)));
        return out;
    }

    void restore(Map<String, List<String>> held) {
        held.forEach((key, list) -> list.forEach(id -> add(key, id)));
    }

    private void add(String key, String id) {
        forget(id);
        ids.computeIfAbsent(key, k -> new ArrayList<>()).add(id);
        keys.put(id, key);
    }

    private void forget(String id) {
        String key = keys.remove(id);
        if (key != null) {
            List<String> held = ids.get(key);
            held.remove(id);
            if (held.isEmpty()) {
                ids.remove(key);
            }
        }
    }
}
