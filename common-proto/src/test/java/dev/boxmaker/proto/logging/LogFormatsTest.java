package dev.boxmaker.proto.logging;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.logging.Level;
import org.jboss.logmanager.ExtLogRecord;
import org.junit.jupiter.api.Test;

class LogFormatsTest {
    /** As systemd sets it: standard output's device and inode, here this test JVM's own. */
    static final Map<String, String> SYSTEMD = Map.of("JOURNAL_STREAM", standardOutput());

    @Test
    void theFormatIsTheJournalsUnderSystemdAndJsonWhenTheConfigurationSaysSo() {
        assertThat(LogFormat.choose(Optional.empty(), Map.of())).isEqualTo(LogFormat.TEXT);
        assertThat(LogFormat.choose(Optional.of("text"), Map.of())).isEqualTo(LogFormat.TEXT);
        assertThat(LogFormat.choose(Optional.empty(), SYSTEMD)).isEqualTo(LogFormat.JOURNAL);
        assertThat(LogFormat.choose(Optional.of("json"), Map.of())).isEqualTo(LogFormat.JSON);
        assertThat(LogFormat.choose(Optional.of("json"), SYSTEMD)).isEqualTo(LogFormat.JSON);
        assertThat(LogFormat.choose(Optional.empty(), Map.of("JOURNAL_STREAM", ""))).isEqualTo(LogFormat.TEXT);
        // Inherited from a session whose journal stream is not this process's standard output.
        assertThat(LogFormat.choose(Optional.empty(), Map.of("JOURNAL_STREAM", "8:12345"))).isEqualTo(LogFormat.TEXT);
        assertThatThrownBy(() -> LogFormat.choose(Optional.of("JSON"), Map.of()))
                .hasMessage("[log] format must be \"text\" or \"json\", got \"JSON\"");
    }

    @Test
    void eachLevelIsItsSyslogPriorityAndTheLineHasNoTimestamp() {
        JournalFormatter journal = new JournalFormatter();

        assertThat(journal.format(record(org.jboss.logmanager.Level.FATAL, "down", null))).isEqualTo("<3>[Memoryd] down\n");
        assertThat(journal.format(record(org.jboss.logmanager.Level.ERROR, "broke", null))).isEqualTo("<3>[Memoryd] broke\n");
        assertThat(journal.format(record(org.jboss.logmanager.Level.WARN, "slow", null))).isEqualTo("<4>[Memoryd] slow\n");
        assertThat(journal.format(record(org.jboss.logmanager.Level.INFO, "up", null))).isEqualTo("<6>[Memoryd] up\n");
        assertThat(journal.format(record(org.jboss.logmanager.Level.DEBUG, "hm", null))).isEqualTo("<7>[Memoryd] hm\n");
        assertThat(journal.format(record(org.jboss.logmanager.Level.TRACE, "hm", null))).isEqualTo("<7>[Memoryd] hm\n");
    }

    @Test
    void anEventWithLineBreaksAndAThrowableStaysOneLine() {
        IOException thrown = new IOException("disk\nfull", new IllegalStateException("inner"));

        String line = new JournalFormatter().format(record(org.jboss.logmanager.Level.ERROR, "write of %s failed\r\nagain", thrown));

        assertThat(line).isEqualTo("<3>[Memoryd] write of notes.md failed\\r\\nagain: java.io.IOException: disk\\nfull;"
                + " caused by java.lang.IllegalStateException: inner\n");
    }

    @Test
    void aCauseChainIsCutAfterItsLimit() {
        Throwable thrown = new RuntimeException("0");
        for (int i = 1; i <= Events.CAUSES_MAX + 3; i++) {
            thrown = new RuntimeException(String.valueOf(i), thrown);
        }

        assertThat(Events.throwable(thrown)).isEqualTo("java.lang.RuntimeException: 8; caused by java.lang.RuntimeException: 7;"
                + " caused by java.lang.RuntimeException: 6; caused by java.lang.RuntimeException: 5;"
                + " caused by java.lang.RuntimeException: 4; caused by java.lang.RuntimeException: 3; and further causes");
    }

    @Test
    void theJsonFormatIsOneObjectPerLine() throws Exception {
        JsonLineFormatter json = new JsonLineFormatter(false);
        String out = json.format(record(org.jboss.logmanager.Level.INFO, "up on %s", null))
                + json.format(record(org.jboss.logmanager.Level.WARN, "a \"quoted\"\nline of %s", new IOException("no")));

        List<JsonNode> lines = new ArrayList<>();
        for (String line : out.split("\n", -1)) {
            if (!line.isEmpty()) {
                lines.add(new ObjectMapper().readTree(line));
            }
        }
        assertThat(out).endsWith("\n");
        assertThat(lines).hasSize(2);
        assertThat(lines.get(0).toString()).isEqualTo("{\"time\":\"2026-12-02T07:00:00Z\",\"level\":\"INFO\",\"priority\":6,"
                + "\"logger\":\"dev.boxmaker.memoryd.Memoryd\",\"message\":\"up on notes.md\"}");
        assertThat(lines.get(1).toString()).isEqualTo("{\"time\":\"2026-12-02T07:00:00Z\",\"level\":\"WARN\",\"priority\":4,"
                + "\"logger\":\"dev.boxmaker.memoryd.Memoryd\",\"message\":\"a \\\"quoted\\\"\\nline of notes.md\","
                + "\"exception\":\"java.io.IOException: no\"}");
    }

    @Test
    void underSystemdEachJsonLineStartsWithItsPriority() {
        String line = new JsonLineFormatter(true).format(record(org.jboss.logmanager.Level.ERROR, "broke", null));

        assertThat(line).startsWith("<3>{\"time\":").endsWith("\"message\":\"broke\"}\n");
    }

    private static String standardOutput() {
        try {
            Map<String, Object> out = java.nio.file.Files.readAttributes(java.nio.file.Path.of("/proc/self/fd/1"), "unix:dev,ino");
            return out.get("dev") + ":" + out.get("ino");
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    private static ExtLogRecord record(Level level, String format, Throwable thrown) {
        ExtLogRecord record = new ExtLogRecord(level, format, ExtLogRecord.FormatStyle.PRINTF, "org.jboss.logging.Logger");
        record.setParameters(new Object[] {"notes.md"});
        record.setLoggerName("dev.boxmaker.memoryd.Memoryd");
        record.setMillis(java.time.Instant.parse("2026-12-02T07:00:00Z").toEpochMilli());
        record.setThrown(thrown);
        return record;
    }
}
