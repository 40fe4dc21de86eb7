package dev.boxmaker.proto;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** What a rebuild of the index read, as bxctl and memoryd's log both say it: one of each, or many, grouped. */
class RebuildReadTest {
    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "1|1|1|1 log, 1 record, 1 note",
        "0|0|0|0 logs, 0 records, 0 notes",
        "42|1208|7|42 logs, 1,208 records, 7 notes",
        "5000|1000000|1|5,000 logs, 1,000,000 records, 1 note"})
    void logsRecordsAndNotesEachSingularOnlyForOne(long logs, long records, long notes, String expected) {
        assertThat(Sentences.rebuildRead(logs, records, notes)).isEqualTo(expected);
    }
}
