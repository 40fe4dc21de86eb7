package dev.boxmaker.proto.daemon;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The shipped systemd units (src/main/resources/systemd/) as systemd's own audit scores them. Where
 * {@code systemd-analyze} is not installed the audit tests are skipped with a printed reason; the
 * checks of the units' text run everywhere.
 */
class SystemdUnitsTest {
    static final Path UNITS = Path.of(System.getProperty("boxmaker.root", "..")).resolve("src/main/resources/systemd");
    static final Path HONCHO_DROP_IN = UNITS.resolve("boxmaker-memoryd.service.d/honcho.conf");
    static final long ANALYZE_SECONDS_MAX = 60;
    static final Pattern EXPOSURE = Pattern.compile("Overall exposure level for [^:]+: (\\d+\\.\\d)");
    /** Above a measured score, what the audit's rounding may add; one lost hardening line adds 0.2 or more. */
    static final double EXPOSURE_MARGIN = 0.1;
    static final List<String> UNIT_NAMES = List.of("memoryd", "brokerd", "loopd");

    @TempDir
    Path dir;

    /**
     * Each unit alone (copied away from the drop-in folder, which systemd-analyze would apply) scores at
     * most what systemd 252's audit gives it today, plus {@link #EXPOSURE_MARGIN}: a lost hardening
     * line adds 0.2 or more, so it fails.
     */
    @ParameterizedTest
    @CsvSource({"memoryd, 0.4", "brokerd, 0.4", "loopd, 1.3"})
    void eachUnitScoresItsMeasuredExposure(String daemon, double measured) throws Exception {
        Path unit = withDropIn("boxmaker-" + daemon + ".service", "");

        assertThat(exposure(unit)).isLessThanOrEqualTo(measured + EXPOSURE_MARGIN);
    }

    @Test
    void memorydWithTheHonchoDropInScoresItsMeasuredExposure() throws Exception {
        String dropIn = Files.readString(HONCHO_DROP_IN);
        Path open = withDropIn("boxmaker-memoryd.service", dropIn);
        Path allowList = withDropIn("boxmaker-memoryd.service", dropIn.replace("#IPAddress", "IPAddress"));

        assertThat(exposure(open)).isLessThanOrEqualTo(1.3 + EXPOSURE_MARGIN);
        assertThat(exposure(allowList)).isLessThanOrEqualTo(1.2 + EXPOSURE_MARGIN);
    }

    @Test
    void eachUnitAndTheDropInVerifyWithoutAWord() throws Exception {
        for (String daemon : UNIT_NAMES) {
            assertThat(verify(withDropIn("boxmaker-" + daemon + ".service", ""))).isEqualTo("exit 0: ");
        }
        assertThat(verify(withDropIn("boxmaker-memoryd.service", Files.readString(HONCHO_DROP_IN)))).isEqualTo("exit 0: ");
    }

    @Test
    void eachUnitNamesItsHeapAndSystemsOwnSystemCallGroup() throws IOException {
        for (String daemon : UNIT_NAMES) {
            String unit = Files.readString(UNITS.resolve("boxmaker-" + daemon + ".service"));
            assertThat(unit).containsPattern("(?m)^Environment=BOXMAKER_HEAP=\\d+m$")
                    .containsPattern("(?m)^ExecStart=/usr/bin/java .*-Xmx\\$\\{BOXMAKER_HEAP\\} ")
                    .containsPattern("(?m)^SystemCallFilter=@system-service$")
                    .containsPattern("(?m)^SystemCallErrorNumber=EPERM$")
                    .containsPattern("(?m)^# Left out: MemoryDenyWriteExecute=true, since .*JIT")
                    .doesNotContainPattern("(?m)^MemoryDenyWriteExecute=");
        }
    }

    @Test
    void eachDaemonReachesOnlyTheAddressFamiliesItNeeds() throws IOException {
        assertThat(families("boxmaker-memoryd.service")).isEqualTo("AF_UNIX");
        assertThat(families("boxmaker-brokerd.service")).isEqualTo("AF_UNIX");
        assertThat(families("boxmaker-loopd.service")).isEqualTo("AF_UNIX AF_INET AF_INET6");
        assertThat(Files.readString(HONCHO_DROP_IN)).contains("\nRestrictAddressFamilies=\nRestrictAddressFamilies=AF_UNIX AF_INET AF_INET6\n")
                .contains("\nPrivateNetwork=false\n");
    }

    private String families(String unit) throws IOException {
        Matcher m = Pattern.compile("(?m)^RestrictAddressFamilies=(.*)$").matcher(Files.readString(UNITS.resolve(unit)));
        assertThat(m.find()).isTrue();
        return m.group(1);
    }

    /** The unit with a drop-in's [Service] lines added at its section's end, as systemd reads a drop-in. */
    private Path withDropIn(String unitName, String dropIn) throws IOException {
        String unit = Files.readString(UNITS.resolve(unitName));
        String lines = dropIn.replaceFirst("(?s)^.*?\\[Service\\]\n", "");
        Path copy = dir.resolve(unitName);
        Files.writeString(copy, unit.replace("\n[Install]", lines + "\n[Install]"));
        return copy;
    }

    private double exposure(Path unit) throws Exception {
        String out = analyze("security", "--offline=yes", unit.toString());
        // systemd before 252 has no offline audit: nothing to score the file with here.
        boolean offline = !out.contains("--offline");
        if (!offline) {
            System.out.println("SystemdUnitsTest skipped: this systemd-analyze has no --offline (systemd 252 or later has)");
        }
        assumeTrue(offline, "this systemd-analyze has no --offline");
        Matcher m = EXPOSURE.matcher(out);
        assertThat(m.find()).as(out).isTrue();
        return Double.parseDouble(m.group(1));
    }

    /**
     * {@code systemd-analyze verify} checks that ExecStart's program exists: on a machine whose java is
     * not /usr/bin/java, the copy names this JVM's java instead.
     */
    private String verify(Path unit) throws Exception {
        Path java = Path.of("/usr/bin/java");
        if (!Files.isExecutable(java)) {
            String ours = Path.of(System.getProperty("java.home"), "bin", "java").toString();
            Files.writeString(unit, Files.readString(unit).replace("/usr/bin/java ", ours + " "));
        }
        return analyze("verify", unit.toString());
    }

    private String analyze(String... args) throws Exception {
        Path tool = Path.of("/usr/bin/systemd-analyze");
        if (!Files.isExecutable(tool)) {
            System.out.println("SystemdUnitsTest skipped: systemd-analyze is not installed (apt-get install systemd)");
        }
        assumeTrue(Files.isExecutable(tool), "systemd-analyze is not installed (apt-get install systemd)");
        List<String> command = new java.util.ArrayList<>(List.of(tool.toString()));
        command.addAll(List.of(args));
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        byte[] out = p.getInputStream().readAllBytes();
        assertThat(p.waitFor(ANALYZE_SECONDS_MAX, TimeUnit.SECONDS)).isTrue();
        return "exit " + p.exitValue() + ": " + new String(out, StandardCharsets.UTF_8);
    }
}
