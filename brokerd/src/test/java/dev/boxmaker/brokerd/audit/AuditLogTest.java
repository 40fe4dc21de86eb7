package dev.boxmaker.brokerd.audit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.boxmaker.proto.DataClass;
import dev.boxmaker.proto.Label;
import dev.boxmaker.proto.wire.msg.Outcome;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The audit log's lines, and the taints rebuilt from it. */
class AuditLogTest {
    @TempDir
    Path dir;

    static AuditRecord record(String time, String session, DataClass c, boolean untrusted) {
        return new AuditRecord(time, session, "c1", "fetch", "00", "fetch", "11", AuditRecord.AUTO, Outcome.OK, c, untrusted);
    }

    @Test
    void eachMonthHasItsFileAndTheTaintsCombineAcrossThem() throws Exception {
        AuditLog log = new AuditLog(dir);
        log.append(record("2026-10-31T23:59:59Z", "chat-1", DataClass.SECRET, false));
        log.append(record("2026-11-01T00:00:00Z", "chat-1", DataClass.PUBLIC, true));
        log.append(record("2026-11-01T00:00:01Z", "chat-2", DataClass.PUBLIC, false));

        assertThat(Files.exists(dir.resolve("2026-10.jsonl"))).isTrue();
        assertThat(Files.exists(dir.resolve("2026-11.jsonl"))).isTrue();
        assertThat(log.rebuild()).isEqualTo(Map.of("chat-1", new Label(DataClass.SECRET, true),
                "chat-2", new Label(DataClass.PRIVATE, false)));
        assertThat(log.tail(1)).singleElement().asString().contains("\"session\":\"chat-2\"");
    }

    @Test
    void aLineCutShortByACrashIsRemovedAndTheRestKept() throws Exception {
        AuditLog log = new AuditLog(dir);
        log.append(record("2026-11-01T00:00:00Z", "chat-1", DataClass.PRIVATE, true));
        Files.writeString(dir.resolve("2026-11.jsonl"), "{\"time\":\"2026-11", StandardOpenOption.APPEND);

        assertThat(log.rebuild()).isEqualTo(Map.of("chat-1", new Label(DataClass.PRIVATE, true)));
        assertThat(Files.readString(dir.resolve("2026-11.jsonl"))).endsWith("}\n");
    }

    @Test
    void aWholeRecordWithoutItsNewlineIsKeptNotCut() throws Exception {
        // The runbook's repair line, saved by an editor that writes no final newline.
        AuditLog log = new AuditLog(dir);
        log.append(record("2026-11-01T00:00:00Z", "chat-1", DataClass.PRIVATE, false));
        String repair = "{\"time\":\"2026-11-01T00:00:01Z\",\"session\":\"chat-9\",\"call\":\"repair\",\"tool\":\"repair\","
                + "\"args_sha256\":\"\",\"grant\":null,\"grant_sha256\":null,\"decision\":\"denied\",\"outcome\":\"denied\","
                + "\"class\":\"secret\",\"untrusted\":true}";
        Files.writeString(dir.resolve("2026-11.jsonl"), repair, StandardOpenOption.APPEND);

        assertThat(log.rebuild()).isEqualTo(Map.of("chat-1", new Label(DataClass.PRIVATE, false),
                "chat-9", new Label(DataClass.SECRET, true)));
        assertThat(Files.readString(dir.resolve("2026-11.jsonl"))).endsWith(repair + "\n");
        log.append(record("2026-11-01T00:00:02Z", "chat-2", DataClass.PUBLIC, false));
        assertThat(new AuditLog(dir).rebuild()).containsEntry("chat-9", new Label(DataClass.SECRET, true)).hasSize(3);
    }

    @Test
    void anAppendThatFailsPartwayLeavesTheFileAsBeforeAndTheNextLineParses() throws Exception {
        AuditLog log = new AuditLog(dir);
        log.append(record("2026-11-01T00:00:00Z", "chat-1", DataClass.PRIVATE, true));
        String before = Files.readString(dir.resolve("2026-11.jsonl"));
        AuditLog full = new AuditLog(dir, (file, line) -> {
            Files.write(file, java.util.Arrays.copyOf(line, line.length / 2), StandardOpenOption.APPEND);
            throw new java.io.IOException("No space left on device");
        });
        assertThatThrownBy(() -> full.append(record("2026-11-01T00:00:01Z", "chat-2", DataClass.SECRET, true)))
                .isInstanceOf(java.io.UncheckedIOException.class).hasMessageEndingWith("No space left on device");
        assertThat(Files.readString(dir.resolve("2026-11.jsonl"))).isEqualTo(before);
        log.append(record("2026-11-01T00:00:02Z", "chat-3", DataClass.PUBLIC, false));
        assertThat(log.rebuild()).isEqualTo(Map.of("chat-1", new Label(DataClass.PRIVATE, true),
                "chat-3", new Label(DataClass.PRIVATE, false)));
    }

    @Test
    void aLineThatIsNotUtf8StopsTheRebuildNamingItsLine() throws Exception {
        AuditLog log = new AuditLog(dir);
        log.append(record("2026-11-01T00:00:00Z", "chat-1", DataClass.PRIVATE, true));
        // A damaged byte in the second line (0xFF is never UTF-8), then a good third line.
        byte[] line = "{\"time\":\"2026-11-01T00:00:01Z\",\"session\":\"chat-\u00ff\"}\n".getBytes(StandardCharsets.UTF_8);
        line[line.length - 4] = (byte) 0xFF;
        Files.write(dir.resolve("2026-11.jsonl"), line, StandardOpenOption.APPEND);
        log.append(record("2026-11-01T00:00:02Z", "chat-2", DataClass.PRIVATE, true));

        assertThatThrownBy(log::rebuild).isInstanceOf(AuditLog.Broken.class).hasMessage(
                "audit/2026-11.jsonl line 2 is not an audit record; brokerd will not guess the sessions' taint"
                        + " (runbook brokerd-audit-damaged)");
    }

    @Test
    void anOverlongLineStopsTheRebuildNamingItsLine() throws Exception {
        Files.writeString(dir.resolve("2026-11.jsonl"), "{\"x\":\"" + "a".repeat(20 * 1024 * 1024) + "\"}\n");

        assertThatThrownBy(() -> new AuditLog(dir).rebuild()).isInstanceOf(AuditLog.Broken.class).hasMessageStartingWith(
                "audit/2026-11.jsonl line 1 is not an audit record");
    }

    @Test
    void aBrokenWholeLineStopsTheRebuild() throws Exception {
        Files.writeString(dir.resolve("2026-11.jsonl"), "not json\n");

        assertThatThrownBy(() -> new AuditLog(dir).rebuild()).isInstanceOf(AuditLog.Broken.class).hasMessage(
                "audit/2026-11.jsonl line 1 is not an audit record; brokerd will not guess the sessions' taint"
                        + " (runbook brokerd-audit-damaged)");
    }
}
