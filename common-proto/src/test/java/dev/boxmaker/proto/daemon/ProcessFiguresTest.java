package dev.boxmaker.proto.daemon;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class ProcessFiguresTest {
    @Test
    void theResidentSetIsVmRssInBytes() {
        assertThat(ProcessFigures.residentBytes("Name:\tjava\nVmPeak:\t 900 kB\nVmRSS:\t   98304 kB\nThreads:\t20\n"))
                .isEqualTo(98_304L * 1024);
        assertThat(ProcessFigures.residentBytes("Name:\tjava\n")).isNull();
    }

    @Test
    void thisProcessHasAResidentSetAndAnUptime() {
        assertThat(ProcessFigures.residentBytes()).isPositive();
        assertThat(ProcessFigures.uptimeSeconds()).isNotNegative();
        assertThat(ProcessFigures.version()).isEqualTo("unknown");
    }
}
