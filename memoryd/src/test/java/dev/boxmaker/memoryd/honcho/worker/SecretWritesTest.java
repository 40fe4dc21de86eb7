package dev.boxmaker.memoryd.honcho.worker;

import static org.assertj.core.api.Assertions.assertThat;

import dev.boxmaker.memoryd.config.HonchoSettings;
import dev.boxmaker.memoryd.files.IdentityFile;
import dev.boxmaker.memoryd.honcho.ledger.HonchoLedger;
import dev.boxmaker.memoryd.honcho.sync.EditMirror;
import dev.boxmaker.memoryd.honcho.sync.SyncText;
import dev.boxmaker.memoryd.tool.Caller;
import dev.boxmaker.memoryd.tool.MemoryStore;
import dev.boxmaker.proto.DataClass;
import dev.boxmaker.proto.SessionId;
import dev.boxmaker.proto.secrets.Secret;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 33, item 8: a note or identity entry holding a known-prefix secret or a configured secret's
 * value (a Honcho key here) is never mirrored; the ledger says it went nowhere with the rule's name,
 * never the value, and {@code bxctl memory sync} counts such writes.
 */
class SecretWritesTest {
    static final Clock CLOCK = Clock.fixed(Instant.parse("2026-12-02T08:00:00Z"), ZoneOffset.UTC);
    static final String TIME = "\"time\":\"2026-12-02T08:00:00Z\"";
    static final String HONCHO_KEY = "hk-trusted-7d8e9f0a1b2c";
    static final String GITHUB = "ghp_" + "a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6q7R8";
    static final Caller CLEAN = new Caller(SessionId.of("mm-clean"), "call_1", DataClass.PRIVATE, false);
    static final Caller TAINTED = new Caller(SessionId.of("mm-tainted"), "call_2", DataClass.PRIVATE, true);
    static final HonchoSettings HONCHO = new HonchoSettings(URI.create("http://127.0.0.1:9"), "boxmaker0", "kyle",
            "bx-trusted", "bx-untrusted", "fleet", List.of(), Map.of("honcho_trusted", Secret.of("honcho_trusted",
            HONCHO_KEY)));

    @TempDir
    Path memory;

    static String decided(int n, String workspace, String why) {
        return "{\"event\":\"decided\"," + TIME + ",\"edit\":\"2026-12-02-" + String.format("%04d", n)
                + "\",\"workspace\":" + (workspace == null ? "null" : "\"" + workspace + "\"") + ",\"why\":\"" + why
                + "\"}";
    }

    @Test
    void writesHoldingASecretGoNowhereNamedByTheirRuleAndAreCounted() throws Exception {
        MemoryStore store = new MemoryStore(memory, t -> Optional.empty(), CLOCK, false);
        HonchoLedger ledger = HonchoLedger.open(memory, CLOCK);
        EditMirror mirror = new EditMirror(store, ledger, HONCHO, () -> { });
        store.onJournalled(mirror);

        store.note(CLEAN, "the deploy token is " + GITHUB);
        store.note(TAINTED, "a page listed " + GITHUB);
        store.add(CLEAN, IdentityFile.USER, "kyle's honcho key is " + HONCHO_KEY);
        store.add(CLEAN, IdentityFile.MEMORY, "saw a heron");
        store.replace(CLEAN, IdentityFile.USER, "kyle's honcho key is " + HONCHO_KEY, "kyle rotated his key");

        String ledgerText = Files.readString(memory.resolve("honcho.jsonl"), StandardCharsets.UTF_8);
        assertThat(ledgerText.lines().toList()).containsExactly(decided(1, null, "secret-held:ghp_"),
                decided(2, null, "secret-held:ghp_"), decided(3, null, "secret-held:configured-secret"),
                decided(4, "bx-trusted", "mirrored"), decided(5, null, "secret-held:configured-secret"));
        assertThat(ledgerText).doesNotContain(HONCHO_KEY, GITHUB, "a1B2c3");
        assertThat(mirror.plan("2026-12-02-0001").orElseThrow().ops()).isEmpty();

        String text = SyncText.text(SyncReports.of(ledger, HONCHO, CLOCK.instant(), null, Set.of()));
        assertThat(text.lines().reduce((a, b) -> b).orElseThrow()).isEqualTo("4 memory writes held a secret (a"
                + " known-prefix key or a configured secret's value) and went nowhere; the ledger names each one's rule");
        assertThat(SyncText.json(SyncReports.of(ledger, HONCHO, CLOCK.instant(), null, Set.of())))
                .endsWith("\"speakerless\":0,\"secret_writes\":4}");
    }
}
