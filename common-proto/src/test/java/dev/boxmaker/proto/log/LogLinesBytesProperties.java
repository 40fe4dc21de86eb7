package dev.boxmaker.proto.log;

import static org.assertj.core.api.Assertions.assertThat;
import static org.quicktheories.QuickTheory.qt;
import static org.quicktheories.generators.SourceDSL.lists;

import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.ObjectReader;
import com.fasterxml.jackson.databind.exc.InvalidTypeIdException;
import dev.boxmaker.proto.Json;
import dev.boxmaker.proto.Sentences;
import dev.boxmaker.proto.text.Utf8;
import dev.boxmaker.proto.wire.FieldFault;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.quicktheories.core.Gen;
import org.quicktheories.generators.Generate;

/**
 * A log line read from its bytes in place (LogLines.decode) against the way it was read before: the
 * JDK's strict decoder to a String, then Jackson on the String. Lines are the samples bent at random:
 * bytes replaced, inserted or cut, invalid and multi-byte UTF-8, leading whitespace of every kind.
 * QuickTheories prints the seed of a failing run; the README's Tests section says how to replay it.
 */
class LogLinesBytesProperties {
    private static final Path FILE = Path.of("sessions/mm-x/0.jsonl");
    private static final ObjectReader READER = Json.MAPPER.readerFor(LogRecord.class);

    /** The reading LogLines had before, kept as the reference: the record, or the fault's sentence. */
    static Object reference(byte[] line) {
        String text;
        try {
            text = StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT).decode(ByteBuffer.wrap(line)).toString();
        } catch (CharacterCodingException e) {
            return new LogFormatException(FILE, 7, Sentences.LOG_LINE_NOT_UTF8).getMessage();
        }
        if (!text.stripLeading().startsWith("{")) {
            return new LogFormatException(FILE, 7, Sentences.LOG_LINE_NOT_JSON).getMessage();
        }
        try {
            return READER.readValue(text);
        } catch (InvalidTypeIdException e) {
            String why = e.getTypeId() == null ? Sentences.LOG_TYPE_MISSING : Sentences.logTypeUnknown(e.getTypeId());
            return new LogFormatException(FILE, 7, why).getMessage();
        } catch (JsonMappingException e) {
            FieldFault fault = FieldFault.of(e);
            String why = fault.field().equals(FieldFault.WHOLE)
                    ? Sentences.LOG_LINE_NOT_JSON : Sentences.logField(fault.field(), fault.why());
            return new LogFormatException(FILE, 7, why).getMessage();
        } catch (java.io.IOException e) {
            return new LogFormatException(FILE, 7, Sentences.LOG_LINE_NOT_JSON).getMessage();
        }
    }

    @Test
    void readsEveryLineAsTheStringPathDid() {
        qt().withExamples(20_000).forAll(bentLines()).checkAssert(LogLinesBytesProperties::readsAsTheStringPathDid);
    }

    private static void readsAsTheStringPathDid(byte[] line) {
        Object now;
        try {
            now = LogLines.decode(line, line.length, FILE, 7);
        } catch (LogFormatException e) {
            now = e.getMessage();
        }
        assertThat(now).isEqualTo(reference(line));
    }

    /**
     * Zero bytes at the start are valid UTF-8 but make Jackson read bytes as UTF-16 or UTF-32: a line
     * of ASCII JSON in UTF-16 or UTF-32 must be refused as the String path refused it, not read.
     */
    @Test
    void aLineOfJsonInUtf16OrUtf32IsNotJson() {
        String json = LogSamples.TURN_LINES.get(0);
        for (java.nio.charset.Charset wide : List.of(StandardCharsets.UTF_16LE, StandardCharsets.UTF_16BE,
                java.nio.charset.Charset.forName("UTF-32LE"), java.nio.charset.Charset.forName("UTF-32BE"))) {
            byte[] line = json.getBytes(wide);
            assertThat(reference(line)).as(wide.name())
                    .isEqualTo(new LogFormatException(FILE, 7, Sentences.LOG_LINE_NOT_JSON).getMessage());
            readsAsTheStringPathDid(line);
        }
    }

    @Test
    void wellFormedIsWhatTheJdkDecodes() {
        qt().withExamples(20_000).forAll(utf8ish()).checkAssert(LogLinesBytesProperties::wellFormedIsWhatTheJdkDecodes);
    }

    private static void wellFormedIsWhatTheJdkDecodes(byte[] bytes) {
        boolean decodes;
        try {
            StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT).decode(ByteBuffer.wrap(bytes));
            decodes = true;
        } catch (CharacterCodingException e) {
            decodes = false;
        }
        assertThat(Utf8.wellFormed(bytes, 0, bytes.length)).isEqualTo(decodes);
    }

    /** Bytes near UTF-8: lead and continuation bytes at and around every boundary of table 3-7. */
    static Gen<byte[]> utf8ish() {
        Gen<Integer> interesting = Generate.pick(List.of(0x00, 0x41, 0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0, 0xC1,
                0xC2, 0xDF, 0xE0, 0xE1, 0xEC, 0xED, 0xEE, 0xEF, 0xF0, 0xF1, 0xF3, 0xF4, 0xF5, 0xFF));
        Gen<byte[]> bytes = lists().of(Generate.oneOf(interesting, Generate.range(0, 255))).ofSizeBetween(0, 12)
                .map(list -> {
                    byte[] out = new byte[list.size()];
                    for (int i = 0; i < out.length; i++) {
                        out[i] = (byte) (int) list.get(i);
                    }
                    return out;
                });
        return bytes.describedAs(dev.boxmaker.proto.testing.Texts::hex);
    }

    static Gen<byte[]> bentLines() {
        List<String> samples = new ArrayList<>(LogSamples.TURN_LINES);
        samples.add("{\"type\":\"user\",\"time\":\"2026-09-20T14:02:11Z\",\"turn\":3,\"content\":\"caf\u00e9 \uD83D\uDE00 \u4e2d\","
                + "\"speaker\":null}");
        List<String> inserts = List.of("\u2003", "\uFEFF", " ", "\t", "\u0085", "\u3000", "\"", "}", "{", ",", "1", "null",
                "\u00e9", "\uD83D\uDE00", "\u0000");
        Gen<byte[]> raw = Generate.pick(samples).map(s -> s.getBytes(StandardCharsets.UTF_8));
        Gen<byte[]> bent = raw.zip(Generate.range(0, 6), Generate.range(0, 10_000), Generate.range(0, 255), Generate.pick(inserts),
                (line, how, at, b, text) -> {
                    int i = at % (line.length + 1);
                    byte[] piece = text.getBytes(StandardCharsets.UTF_8);
                    return switch (how) {
                        case 0 -> line;
                        case 1 -> join(slice(line, 0, i), new byte[] {(byte) (int) b}, slice(line, Math.min(i + 1, line.length), line.length));
                        case 2 -> join(slice(line, 0, i), new byte[] {(byte) (int) b}, slice(line, i, line.length));
                        case 3 -> slice(line, 0, i);
                        case 4 -> join(piece, line, new byte[0]);
                        case 5 -> join(slice(line, 0, i), piece, slice(line, i, line.length));
                        default -> join(slice(line, 0, i), slice(line, Math.min(i + 3, line.length), line.length), new byte[0]);
                    };
                });
        return bent.describedAs(line -> new String(line, StandardCharsets.UTF_8) + " (" + dev.boxmaker.proto.testing.Texts.hex(line) + ")");
    }

    private static byte[] slice(byte[] b, int from, int to) {
        return java.util.Arrays.copyOfRange(b, from, to);
    }

    private static byte[] join(byte[] a, byte[] b, byte[] c) {
        byte[] out = new byte[a.length + b.length + c.length];
        System.arraycopy(a, 0, out, 0, a.length);
        System.arraycopy(b, 0, out, a.length, b.length);
        System.arraycopy(c, 0, out, a.length + b.length, c.length);
        return out;
    }
}
