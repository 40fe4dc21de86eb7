package dev.boxmaker.memoryd.check;

import static org.assertj.core.api.Assertions.assertThat;

import com.ibm.icu.lang.UCharacter;
import com.ibm.icu.lang.UProperty;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** Holds rule 2's hard-coded table to ICU4J's Unicode 16 data, at every code point. */
class UnicodeTableTest {

    private static final int MISMATCHES_SHOWN_MAX = 20;

    /** memoryd.md's six, written out here rather than taken from the generator it checks. */
    private static final Set<Integer> EXTRAS = Set.of(0x034F, 0x115F, 0x3164, 0x2800, 0x2028, 0x2029);

    private static boolean refusedByIcu(int codePoint) {
        return UCharacter.hasBinaryProperty(codePoint, UProperty.DEFAULT_IGNORABLE_CODE_POINT)
                || EXTRAS.contains(codePoint);
    }

    @Test
    void icuCarriesUnicodeSixteen() {
        assertThat(UCharacter.getUnicodeVersion().getMajor()).isEqualTo(16);
    }

    @Test
    void theTableAgreesWithIcuAtEveryCodePoint() {
        List<String> mismatches = new ArrayList<>();
        int walked = 0;
        for (int codePoint = 0; codePoint <= Character.MAX_CODE_POINT; codePoint++) {
            walked++;
            boolean expected = refusedByIcu(codePoint);
            boolean inTable = InvisibleCharacters.contains(codePoint);
            if (inTable != expected && mismatches.size() < MISMATCHES_SHOWN_MAX) {
                mismatches.add(String.format(Locale.ROOT, "U+%04X (ICU: %s)", codePoint, expected));
            }
        }
        assertThat(walked).isEqualTo(1_114_112);
        assertThat(mismatches).isEmpty();
    }

    @Test
    void everyCodePointOfTheTableIsRefusedByRuleTwoWhenWrittenAlone() {
        List<String> missed = new ArrayList<>();
        for (int codePoint = 0; codePoint <= Character.MAX_CODE_POINT; codePoint++) {
            if (refusedByIcu(codePoint)) {
                String text = "a" + new String(Character.toChars(codePoint)) + "b";
                Check.Refusal refusal = Check.firstRefusal(text).orElse(null);
                if ((refusal == null || refusal.rule() != 2) && missed.size() < MISMATCHES_SHOWN_MAX) {
                    missed.add(String.format(Locale.ROOT, "U+%04X", codePoint));
                }
            }
        }
        assertThat(missed).isEmpty();
    }
}
