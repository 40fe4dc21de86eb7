package dev.boxmaker.bxctl;

import com.fasterxml.jackson.core.JsonGenerator;
import dev.boxmaker.proto.client.Wait;
import dev.boxmaker.proto.tools.ToolContract;
import dev.boxmaker.proto.wire.LightJson;
import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;

/**
 * {@code bxctl memory ask <question> [--workspace W]… [--reasoning low]}: ask_memory as the model
 * would call it, for debugging: memoryd answers {@code memory_admin ask} with the same text, which
 * bxctl prints escaped. memoryd checks the arguments with the tool's contract and its {@code [honcho]}.
 */
@Command(name = "ask", description = "Ask fleet memory in Honcho as ask_memory does (up to 150 s); the answer as the model reads it.")
final class AskCommand implements Callable<Integer> {
    @ParentCommand
    MemoryCommand memory;

    @Option(names = "--workspace", paramLabel = "W",
            description = "own (the default), untrusted, fleet or another agent's name; repeat for more, up to "
                    + ToolContract.WORKSPACES_MAX + ".")
    List<String> workspaces;

    @Option(names = "--reasoning", paramLabel = "LEVEL", defaultValue = ToolContract.REASONING_DEFAULT,
            description = "minimal (the default) or low.")
    String reasoning;

    @Parameters(arity = "1..*", paramLabel = "QUESTION", description = "The question.")
    List<String> words;

    @Override
    public Integer call() {
        return memory.admin("ask", askArgs(String.join(" ", words), workspaces == null ? List.of() : workspaces,
                reasoning), Duration.ofSeconds(Wait.MEMORY_ADMIN_ASK_SECONDS));
    }

    /** ask_memory's arguments as JSON, with jackson-core alone; no workspaces field when none was named. */
    static String askArgs(String question, List<String> workspaces, String reasoning) {
        StringWriter out = new StringWriter();
        try (JsonGenerator g = LightJson.FACTORY.createGenerator(out)) {
            g.writeStartObject();
            g.writeStringField("question", question);
            if (!workspaces.isEmpty()) {
                g.writeArrayFieldStart("workspaces");
                for (String w : workspaces) {
                    g.writeString(w);
                }
                g.writeEndArray();
            }
            g.writeStringField("reasoning", reasoning);
            g.writeEndObject();
        } catch (IOException e) {
            throw new UncheckedIOException("ask's argument could not be written as JSON", e);
        }
        return out.toString();
    }
}
