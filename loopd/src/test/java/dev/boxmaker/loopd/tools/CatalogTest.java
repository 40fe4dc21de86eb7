package dev.boxmaker.loopd.tools;

import static org.assertj.core.api.Assertions.assertThat;

import dev.boxmaker.proto.Json;
import dev.boxmaker.proto.wire.msg.Outcome;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** find_tool's catalog: one description that cannot be read hides none of the others. */
class CatalogTest {
    @Test
    void aDanglingLinkInTheCatalogHidesNoOtherTool(@TempDir Path dir) throws Exception {
        Files.writeString(dir.resolve("weather.json"), "{\"name\":\"weather\",\"description\":\"The weather forecast\","
                + "\"parameters\":{\"type\":\"object\"}}");
        // A description whose file was moved away: the link is left behind.
        Files.createSymbolicLink(dir.resolve("old.json"), dir.resolve("gone.json"));

        ToolResult result = new Catalog(dir).find(Json.MAPPER.readTree("{\"query\":\"weather\"}"));

        assertThat(result).isEqualTo(ToolResult.local(Outcome.OK,
                "weather: The weather forecast\narguments: {\"type\":\"object\"}"));
    }
}
