package dev.boxmaker.bxctl;

import static org.assertj.core.api.Assertions.assertThat;
import static org.quicktheories.QuickTheory.qt;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.boxmaker.proto.owner.OwnerJson;
import dev.boxmaker.proto.server.Handler;
import dev.boxmaker.proto.testing.OddTexts;
import dev.boxmaker.proto.testing.RunningServer;
import dev.boxmaker.proto.wire.msg.MemoryAdmin;
import dev.boxmaker.proto.wire.msg.MemoryAdminReply;
import java.io.ByteArrayOutputStream;
import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.quicktheories.core.Gen;
import org.quicktheories.generators.Generate;

/**
 * Any text a daemon puts in a {@code --json} document comes out of bxctl's standard output (UTF-8
 * bytes, as {@code Cli} writes them) and back through Jackson unchanged: controls, quotes, emoji, a BOM,
 * lone surrogates (printed as {@code \\uD800} escapes, since UTF-8 has no form for them) and entries
 * of 64 KiB. The text goes the whole way: the daemon's generator, the frame, the light decoder and
 * bxctl's printing. QuickTheories prints the seed of a failure; the README's Tests section says how to replay it.
 */
class JsonRoundTripPropertyTest {
    /** The longest entry drawn: 64 KiB of characters. */
    static final int LONG_CHARS = 64 * 1024;

    @TempDir
    Path home;

    static Gen<String> texts() {
        Gen<String> odd = OddTexts.any();
        return Generate.frequency(org.quicktheories.api.Pair.of(4, odd),
                org.quicktheories.api.Pair.of(1, odd.map(JsonRoundTripPropertyTest::long64k)));
    }

    /** {@code seed} repeated to {@link #LONG_CHARS} characters (a lone surrogate at the cut stays lone). */
    static String long64k(String seed) {
        String unit = seed.isEmpty() ? "\uD800x" : seed;
        return unit.repeat(LONG_CHARS / unit.length() + 1).substring(0, LONG_CHARS);
    }

    @Test
    void anyTextRoundTripsThroughJson() throws Exception {
        String[] current = {""};
        Handler<MemoryAdmin> show = request -> new MemoryAdminReply(OwnerJson.document(g -> {
            g.writeStartObject();
            g.writeStringField("text", current[0]);
            OwnerJson.texts(g, "entries", List.of(current[0], "after"));
            g.writeEndObject();
        }));
        ObjectMapper read = new ObjectMapper();
        try (RunningServer memoryd = RunningServer.start(home.resolve("run/owner-memory/admin.sock"),
                Map.of(MemoryAdmin.KIND, show), Duration.ofSeconds(10))) {
            qt().withExamples(150).forAll(texts()).checkAssert(text -> {
                current[0] = text;
                ByteArrayOutputStream bytes = new ByteArrayOutputStream();
                PrintWriter out = new PrintWriter(new OutputStreamWriter(bytes, StandardCharsets.UTF_8));
                int code = Bxctl.run(new String[] {"memory", "show", "--json"}, out, new PrintWriter(new StringWriter()),
                        Map.of("BOXMAKER_HOME", home.toString()));
                assertThat(code).isZero();
                try {
                    JsonNode node = read.readTree(bytes.toByteArray());
                    assertThat(node.get("text").asText()).isEqualTo(text);
                    assertThat(node.get("entries").get(0).asText()).isEqualTo(text);
                    assertThat(node.get("entries").get(1).asText()).isEqualTo("after");
                } catch (java.io.IOException e) {
                    throw new AssertionError(e);
                }
            });
        }
    }

    @Test
    void aLoneSurrogateIsPrintedAsItsEscapeAndAPairAsUtf8() {
        assertThat(JsonOut.loneSurrogatesEscaped("a\uD800b\uDC00c\uD83D\uDE00\uDBFF"))
                .isEqualTo("a\\uD800b\\uDC00c\uD83D\uDE00\\uDBFF");
    }
}
