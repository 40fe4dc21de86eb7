package dev.boxmaker.proto.testing;

import java.util.List;
import org.quicktheories.core.Gen;
import org.quicktheories.generators.Generate;

/** Texts that JSON writers treat apart: any chars, controls and quotes, emoji, lone surrogates, a BOM. */
public final class OddTexts {
    private OddTexts() {
    }

    public static Gen<String> any() {
        return Generate.oneOf(
                Texts.anyChars(0, 40),
                Texts.of("\n\r\t\"\\\u0000\u001f\u007f\u2028\u200b<|>{}/é&'", 0, 20),
                Texts.joined(List.of("😀", "a\uD83D\uDE00b", "\uD800", "x\uDC00", "\uDBFF\uDFFF", "\uFEFF", " ", ""), 0, 5));
    }
}
