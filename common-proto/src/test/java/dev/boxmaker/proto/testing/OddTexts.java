package dev.boxmaker.proto.testing;

import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;

/** Texts that JSON writers treat apart: any chars, controls and quotes, emoji, lone surrogates, a BOM. */
public final class OddTexts {
    private OddTexts() {
    }

    public static Arbitrary<String> any() {
        return Arbitraries.oneOf(
                Arbitraries.strings().ofMaxLength(40),
                Arbitraries.strings().withChars("\n\r\t\"\\\u0000\u001f\u007f\u2028\u200b<|>{}/é&'").ofMaxLength(20),
                Arbitraries.of("😀", "a\uD83D\uDE00b", "\uD800", "x\uDC00", "\uDBFF\uDFFF", "\uFEFF", " ", "").list()
                        .ofMaxSize(5).map(parts -> String.join("", parts)));
    }
}
