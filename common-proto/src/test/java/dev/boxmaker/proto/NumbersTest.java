package dev.boxmaker.proto;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Numbers in sentences: a comma every three digits, whatever the locale. */
class NumbersTest {
    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "0|0", "7|7", "999|999", "1000|1,000", "2350|2,350", "16777216|16,777,216", "100000|100,000",
        "-1|-1", "-999|-999", "-1234|-1,234", "-100000|-100,000",
        "9223372036854775807|9,223,372,036,854,775,807", "-9223372036854775808|-9,223,372,036,854,775,808"})
    void groupedPutsACommaEveryThreeDigits(long n, String expected) {
        assertThat(Numbers.grouped(n)).isEqualTo(expected);
    }
}
