package dev.boxmaker.brokerd.config;

import static org.assertj.core.api.Assertions.assertThat;

import dev.boxmaker.brokerd.TestHome;
import dev.boxmaker.brokerd.runtime.ExecRuntime;
import dev.boxmaker.brokerd.runtime.Runtime;
import dev.boxmaker.brokerd.threads.BrokerdThreads;
import dev.boxmaker.proto.Label;
import dev.boxmaker.proto.wire.msg.Outcome;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** home.md: relative paths in a file are relative to that file's folder, a command's program included. */
class ExecCommandPathTest {
    @TempDir
    Path dir;

    private BrokerdSettings load(String command) throws Exception {
        Path file = dir.resolve("brokerd.toml");
        Files.writeString(file, "[paths]\nhome = \"" + dir.resolve("home") + "\"\n[runtime]\nkind = \"exec\"\n"
                + "[runtime.exec.fetch]\ncommand = [" + command + "]\n");
        return BrokerdSettings.load(Optional.of(file), Map.of());
    }

    @Test
    void aRelativeProgramRunsFromTheConfigurationsFolder() throws Exception {
        Path script = Files.createDirectories(dir.resolve("tools")).resolve("fetch.sh");
        Files.writeString(script, "#!/bin/sh\necho fetched\n");
        Files.setPosixFilePermissions(script, PosixFilePermissions.fromString("rwx------"));
        BrokerdSettings settings = load("\"tools/fetch.sh\", \"--quiet\"");

        Runtime.Output out = new ExecRuntime(settings.exec(), BrokerdThreads.start().pipes()).run(new Runtime.RunSpec(
                TestHome.request("chat-1", "c1", "fetch", "{}"), Label.SESSION_START, Duration.ofSeconds(30)));

        assertThat(out).isEqualTo(new Runtime.Output(Outcome.OK, "fetched\n"));
        assertThat(settings.exec().get("fetch").command()).containsExactly(script.toString(), "--quiet");
    }

    @Test
    void aBareProgramNameIsLeftForThePathAndAnAbsoluteOneAsItIs() throws Exception {
        assertThat(load("\"curl\", \"-s\"").exec().get("fetch").command()).containsExactly("curl", "-s");
        assertThat(load("\"/usr/bin/curl\"").exec().get("fetch").command()).containsExactly("/usr/bin/curl");
    }
}
