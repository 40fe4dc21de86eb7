package dev.boxmaker.memoryd.check;

import com.ibm.icu.lang.UCharacter;
import com.ibm.icu.lang.UProperty;
import java.util.Locale;
import java.util.Set;

/**
 * Writes the body of {@code dev.boxmaker.proto.text.Invisible.RANGES} from ICU4J, which carries the Unicode
 * data the JDK lacks ({@code Default_Ignorable_Code_Point}). Run once per Unicode version, by hand
 * (it is not a test); paste its output into the table; {@code UnicodeTableTest} then holds the two
 * together. From the repository root, after {@code ./mvnw -pl memoryd test-compile}:
 *
 * <pre>
 * java -cp memoryd/target/test-classes:$HOME/.m2/repository/com/ibm/icu/icu4j/76.1/icu4j-76.1.jar \
 *     dev.boxmaker.memoryd.check.UnicodeTableGenerator
 * </pre>
 */
public final class UnicodeTableGenerator {

    /**
     * Invisible without being {@code Default_Ignorable_Code_Point} (U+2028, U+2029, U+2800) or
     * already in it (U+034F, U+115F, U+3164); memoryd.md names all six.
     */
    static final Set<Integer> EXTRAS = Set.of(0x034F, 0x115F, 0x3164, 0x2800, 0x2028, 0x2029);

    private UnicodeTableGenerator() {
    }

    /** Whether rule 2 refuses the code point, by ICU4J's data. */
    static boolean refusedByIcu(int codePoint) {
        return UCharacter.hasBinaryProperty(codePoint, UProperty.DEFAULT_IGNORABLE_CODE_POINT)
                || EXTRAS.contains(codePoint);
    }

    public static void main(String[] args) {
        System.out.println("// Unicode " + UCharacter.getUnicodeVersion() + ", from ICU4J");
        int first = -1;
        for (int codePoint = 0; codePoint <= Character.MAX_CODE_POINT + 1; codePoint++) {
            boolean in = codePoint <= Character.MAX_CODE_POINT && refusedByIcu(codePoint);
            if (in && first < 0) {
                first = codePoint;
            } else if (!in && first >= 0) {
                System.out.println(line(first, codePoint - 1));
                first = -1;
            }
        }
    }

    private static String line(int first, int last) {
        String names = UCharacter.getExtendedName(first)
                + (first == last ? "" : " to " + UCharacter.getExtendedName(last));
        return String.format(Locale.ROOT, "0x%04X, 0x%04X, // %s", first, last,
                names.toLowerCase(Locale.ROOT));
    }
}
