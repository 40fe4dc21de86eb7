package dev.boxmaker.brokerd;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The packaged brokerd's log as systemd reads it: with {@code JOURNAL_STREAM} set, each line is one
 * event with its syslog priority and no timestamp of its own; with {@code [log] format = "json"}, each
 * line is one JSON object. Each run starts brokerd, waits for its sockets, and stops it with SIGTERM.
 */
class BrokerdLogFormatIT {
    static final Path JAR = Path.of("target/quarkus-app/quarkus-run.jar").toAbsolutePath();
    static final long START_WAIT_SECONDS = 60;

    @TempDir
    Path home;

    @Test
    void underSystemdEachLineIsOneEventWithItsPriorityAndNoTimestamp() throws Exception {
        List<String> lines = run("", true);

        String listening = "<6>[Brokerd] brokerd is listening on " + home.resolve("run/loop-broker/broker.sock") + " (loopd), "
                + home.resolve("run/owner-broker/admin.sock") + " (owner), " + home.resolve("run/memory-broker/state.sock")
                + " (memoryd); 0 sessions' taint rebuilt";
        assertThat(lines).contains(listening);
        assertThat(lines).allSatisfy(line -> assertThat(line).matches("<[3-7]>\\[[A-Za-z0-9$_]+\\] \\S.*")
                .doesNotContainPattern("\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d").doesNotContain("deprecated"));
    }

    @Test
    void theJsonFormatIsOneObjectPerLine() throws Exception {
        List<String> lines = run("[log]\nformat = \"json\"\n", false);

        ObjectMapper mapper = new ObjectMapper();
        assertThat(lines).isNotEmpty().allSatisfy(line -> {
            JsonNode event = mapper.readTree(line);
            assertThat(event.isObject()).isTrue();
            assertThat(event.path("time").asText()).matches("\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\d(\\.\\d+)?Z");
            assertThat(event.path("logger").asText()).isNotEmpty();
        });
        assertThat(lines.stream().map(line -> read(mapper, line)).filter(e -> e.path("logger").asText()
                .equals("dev.boxmaker.brokerd.Brokerd")).map(e -> e.path("level").asText() + " " + e.path("priority").asInt()
                + " " + e.path("message").asText().replaceFirst(" on .*;", " on …;")))
                .containsExactly("INFO 6 brokerd is listening on …; 0 sessions' taint rebuilt");
    }

    private static JsonNode read(ObjectMapper mapper, String line) {
        try {
            return mapper.readTree(line);
        } catch (java.io.IOException e) {
            throw new AssertionError(line, e);
        }
    }

    /**
     * Starts brokerd with {@code extraConfig}, stops it, returns its output's lines; with {@code
     * journal}, JOURNAL_STREAM names the output file's device and inode, as systemd names the journal's.
     */
    private List<String> run(String extraConfig, boolean journal) throws Exception {
        Path config = home.resolve("brokerd.toml");
        Files.writeString(config, "[paths]\nhome = \"" + home + "\"\n" + extraConfig);
        Path log = Files.createFile(home.resolve("brokerd.log"));
        Map<String, Object> output = Files.readAttributes(log, "unix:dev,ino");
        String java = ProcessHandle.current().info().command().orElse("java");
        ProcessBuilder builder = new ProcessBuilder(java, "-jar", JAR.toString(), "serve", "--config", config.toString())
                .redirectErrorStream(true).redirectOutput(log.toFile());
        builder.environment().remove("JOURNAL_STREAM");
        if (journal) {
            builder.environment().put("JOURNAL_STREAM", output.get("dev") + ":" + output.get("ino"));
        }
        Process brokerd = builder.start();
        try {
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(START_WAIT_SECONDS);
            while (!Files.readString(log).contains("listening on")) {
                assertThat(brokerd.isAlive()).as(Files.readString(log)).isTrue();
                assertThat(System.nanoTime()).as("brokerd did not start").isLessThan(deadline);
                Thread.sleep(100);
            }
            brokerd.destroy();
            assertThat(brokerd.waitFor(START_WAIT_SECONDS, TimeUnit.SECONDS)).isTrue();
        } finally {
            brokerd.destroyForcibly();
        }
        return Files.readAllLines(log);
    }
}
