package dev.boxmaker.proto.testing;

import static org.quicktheories.generators.SourceDSL.lists;

import java.util.List;
import org.quicktheories.core.Gen;
import org.quicktheories.generators.Generate;

/** QuickTheories generators of texts and bytes that the property tests share. */
public final class Texts {
    private Texts() {
    }

    /** Texts of {@code min} to {@code max} UTF-16 chars drawn from {@code alphabet}; shrinks to its first char. */
    public static Gen<String> of(String alphabet, int min, int max) {
        Gen<Character> chars = Generate.range(0, alphabet.length() - 1).map(alphabet::charAt);
        return lists().of(chars).ofSizeBetween(min, max).map(Texts::join);
    }

    /** Texts of {@code min} to {@code max} of any UTF-16 chars, lone surrogates, controls and U+FFFF among them. */
    public static Gen<String> anyChars(int min, int max) {
        return lists().of(Generate.characters(0, Character.MAX_VALUE)).ofSizeBetween(min, max).map(Texts::join);
    }

    /** {@code min} to {@code max} of {@code pieces}, joined; shrinks to fewer and earlier pieces. */
    public static Gen<String> joined(List<String> pieces, int min, int max) {
        return joinedOf(Generate.pick(pieces), min, max);
    }

    /** {@code min} to {@code max} texts of {@code pieces}, joined. */
    public static Gen<String> joinedOf(Gen<String> pieces, int min, int max) {
        return lists().of(pieces).ofSizeBetween(min, max).map(parts -> String.join("", parts));
    }

    /** {@code gen}'s values, or null about {@code percentNull} times in a hundred. */
    public static <T> Gen<T> orNull(Gen<T> gen, int percentNull) {
        return Generate.range(0, 99).zip(gen, (roll, value) -> roll < percentNull ? null : value);
    }

    /** Byte arrays of {@code min} to {@code max} bytes, any values. */
    public static Gen<byte[]> bytes(int min, int max) {
        Gen<byte[]> bytes = Generate.byteArrays(Generate.range(min, max), Generate.bytes(Byte.MIN_VALUE, Byte.MAX_VALUE, (byte) 0));
        return bytes.describedAs(Texts::hex);
    }

    /** The bytes in hex, for a failure's report. */
    public static String hex(byte[] bytes) {
        return bytes.length + " bytes: " + java.util.HexFormat.ofDelimiter(" ").formatHex(bytes);
    }

    private static String join(List<Character> chars) {
        StringBuilder out = new StringBuilder(chars.size());
        chars.forEach(out::append);
        return out.toString();
    }
}
