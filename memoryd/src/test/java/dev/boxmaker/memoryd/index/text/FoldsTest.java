package dev.boxmaker.memoryd.index.text;

import static org.assertj.core.api.Assertions.assertThat;
import static org.quicktheories.QuickTheory.qt;
import static org.quicktheories.generators.SourceDSL.lists;

import dev.boxmaker.proto.testing.SourcedRandom;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** Texts of accented letters and other scripts split here exactly as FTS5's unicode61 splits them. */
class FoldsTest {
    /** Code points drawn for random texts: accented Latin, Greek, Cyrillic, marks, CJK, emoji, oddities. */
    static final String POOL = "abcxyzABCXYZ0189 ,.'-_\t\n"
            + "éèêëàâäçîïôöùûüÿœæÉÈÊÀÇÎÔÙÛŒÆñÑáíóúÁÍÓÚ¿¡ßẞäöüÄÖÜ"
            + "ąęłńśźżĄĘŁŃŚŹŻčšžČŠŽőűŐŰ"
            + "αβγδεΣσςάέήίόύώΐΰΑΒΓΩ"
            + "абвгдеёжзийАБВГДЕЁЖЗИЙ"
            + "\u0300\u0301\u0302\u0303\u0308\u0327\u0331\u0332\u0345\u0363\u20DD"
            + "東京日本語中文한국어ひらがなカタカナ"
            + "\u212A\u212B\u017F\u0131\u0130\u01C5\u01C4\u1E9E\uFB01\uFB00\u2126\u00B5\u00AA\u00BA\u00B2\u00BD"
            + "\u00A0\u2003\u200B\u200D\u2014\u2026\u00AB\u00BB\u201C\u201D\u00B7\uFEFF\u00AD\uFFFD\uFFFE\uE000\u0378"
            + "\u0660\u0669\u0966\uFF21\uFF41\uFF10";
    static final String[] ASTRAL = {"\uD83D\uDE00", "\uD83E\uDD14", "\uD801\uDC00", "\uD835\uDC00", "\uD83C\uDDEB\uD83C\uDDF7"};

    /** Shrink attempts a failure may take: each splits 20 texts here and in FTS5. */
    static final int SHRINKS = 1000;

    @Test
    void theSplitOfAnyTextIsFts5sOwn() throws Exception {
        ScratchTokenizer scratch = ScratchTokenizer.shared();
        Tokens.calibrate(scratch);
        Folds folds = Tokens.folds();
        assertThat(folds).isNotNull();
        AtomicInteger folded = new AtomicInteger();
        AtomicInteger texts = new AtomicInteger();
        qt().withExamples(320).withShrinkCycles(SHRINKS).forAll(lists().of(SourcedRandom.gen(FoldsTest::text).describedAs(FoldsTest::escaped)).ofSize(20))
                .checkAssert(batch -> {
                    List<List<String>> sqlite;
                    try {
                        sqlite = scratch.tokens(batch);
                    } catch (java.sql.SQLException e) {
                        throw new AssertionError(e);
                    }
                    for (int i = 0; i < batch.size(); i++) {
                        List<String> here = folds.split(batch.get(i));
                        texts.incrementAndGet();
                        if (here != null) {
                            folded.incrementAndGet();
                            assertThat(here).as("text %s", escaped(batch.get(i))).isEqualTo(sqlite.get(i));
                        }
                    }
                });
        // Guards the property against passing by always leaving the text to FTS5.
        System.out.printf("FoldsTest: %d of %d random texts split here%n", folded.get(), texts.get());
        assertThat(folded.get()).isGreaterThan(texts.get() / 2);
    }

    @Test
    void everyMeasuredCodePointSplitsAsSqliteSplitsItInEveryPlace() throws Exception {
        ScratchTokenizer scratch = ScratchTokenizer.shared();
        Tokens.calibrate(scratch);
        Folds folds = Tokens.folds();
        List<String> probes = new ArrayList<>();
        StringBuilder group = new StringBuilder();
        int measured = 0;
        for (int cp = 0x80; cp < 0x10000; cp++) {
            String c = Character.toString(cp);
            if (folds.kind(cp) == Folds.DROPPED) {
                // Measured only inside a token: at its start, inside, at its end, twice.
                probes.add("a" + c + "b" + c + c + "z" + c);
                measured++;
            } else if (folds.kind(cp) != Folds.UNKNOWN) {
                // Alone, where a token starts, inside one, where it ends, twice, and after a separator;
                // a hundred code points to a text, so FTS5 splits 600 texts rather than 60,000.
                group.append(c).append(" A").append(c).append("b ").append(c).append(c).append('z').append(c)
                        .append(" .").append(c).append("9 | ");
                measured++;
                if (measured % 100 == 0) {
                    probes.add(group.toString());
                    group.setLength(0);
                }
            }
        }
        probes.add(group.toString());
        assertThat(measured).isGreaterThan(60_000);
        List<List<String>> sqlite = scratch.tokens(probes);
        for (int i = 0; i < probes.size(); i++) {
            List<String> here = folds.split(probes.get(i));
            assertThat(here).as(escaped(probes.get(i))).isNotNull();
            if (!here.equals(sqlite.get(i))) {
                assertThat(here).as(escaped(probes.get(i))).isEqualTo(sqlite.get(i));
            }
        }
    }

    @Test
    void frenchGermanAndSpanishFoldAsFts5FoldsThem() throws Exception {
        Tokens.calibrate(ScratchTokenizer.shared());
        Folds folds = Tokens.folds();
        assertThat(folds.split("L'École a été fermée; Ça Œuvre, naïve façon"))
                .containsExactly("l", "ecole", "a", "ete", "fermee", "ca", "œuvre", "naive", "facon");
        assertThat(folds.split("Größe Straße ÜBER")).containsExactly("große", "straße", "uber");
        assertThat(folds.split("¿Señor Pérez? ¡Sí!")).containsExactly("senor", "perez", "si");
        // The Kelvin sign folds to an ASCII k; a combining accent inside a word is dropped.
        assertThat(folds.split("5\u212A e\u0301te\u0301")).containsExactly("5k", "ete");
        // A combining mark where a word would start is not measured: the text is left to FTS5.
        assertThat(folds.split("a \u0301b")).isNull();
        // So is a code point outside the BMP that is no separator.
        assertThat(folds.split("x\uD83E\uDD14x")).isNull();
    }

    static String text(Random random) {
        StringBuilder out = new StringBuilder();
        int length = random.nextInt(40);
        for (int i = 0; i < length; i++) {
            if (random.nextInt(60) == 0) {
                out.append(ASTRAL[random.nextInt(ASTRAL.length)]);
            } else {
                out.append(POOL.charAt(random.nextInt(POOL.length())));
            }
        }
        return out.toString();
    }

    static String escaped(String text) {
        StringBuilder out = new StringBuilder();
        text.codePoints().forEach(cp -> out.append(cp < 0x80 && cp >= 0x20 ? Character.toString(cp) : String.format("\\u%04X", cp)));
        return out.toString();
    }
}
