package dev.boxmaker.bxctl;

import com.fasterxml.jackson.core.JsonGenerator;
import dev.boxmaker.proto.client.Wait;
import dev.boxmaker.proto.tools.ToolContract;
import dev.boxmaker.proto.wire.Codec;
import dev.boxmaker.proto.wire.LightJson;
import dev.boxmaker.proto.wire.msg.MemoryAdmin;
import dev.boxmaker.proto.wire.msg.MemoryAdminReply;
import dev.boxmaker.proto.wire.msg.Reindex;
import dev.boxmaker.proto.wire.msg.Reindexed;
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
 * memoryd's index for the owner: {@code bxctl reindex} (the spec, section 10) and
 * {@code bxctl memory search <query> [-k N]}, recall's hits without a recall-log line.
 */
final class IndexCommands {
    /**
     * The runbook entry named when memoryd does not answer a reindex or its progress; a reindex
     * memoryd refuses names its own entry in its error frame ({@code memory-index-damaged}).
     */
    static final String RUNBOOK = "memoryd-unreachable";

    /** How often a terminal's progress line is refreshed while memoryd rebuilds. */
    static final long PROGRESS_EVERY_MILLIS = 1_000;

    private IndexCommands() {
    }

    /** {@code reindexed: 42 logs, 1,208 records, 7 notes}. */
    static String reindexed(Reindexed r) {
        return "reindexed: " + dev.boxmaker.proto.Sentences.rebuildRead(r.logs(), r.records(), r.notes());
    }

    /** {@code bxctl reindex}: rebuilds the index beside the old one; repairs a damaged one. */
    @Command(name = "reindex", description = "Rebuild memoryd's index from sessions/ and notes.md; recall keeps answering.")
    static final class ReindexCommand implements Callable<Integer> {
        @ParentCommand
        Bxctl top;

        @Override
        public Integer call() throws InterruptedException {
            Thread progress = null;
            if (!top.json && top.terminal()) {
                progress = new Thread(() -> showProgress(top), "bxctl-reindex-progress");
                progress.setDaemon(true);
                progress.start();
            }
            try {
                return DaemonCall.run(top, top.memorySocket(), new Reindex(), Duration.ofMinutes(Wait.REINDEX_MINUTES),
                        RUNBOOK, Reindexed.class, IndexCommands::reindexed);
            } finally {
                if (progress != null) {
                    progress.interrupt();
                    progress.join();
                }
            }
        }
    }

    /**
     * Asks memoryd, once a second on its own connection, how many records the reindex has read,
     * and rewrites one line on standard error: {@code reindexing: 120,000 records read (40,000 a
     * second)}. Ends the line when the reindex answers.
     */
    static void showProgress(Bxctl top) {
        long start = System.nanoTime();
        boolean shown = false;
        try {
            while (!Thread.currentThread().isInterrupted()) {
                Thread.sleep(PROGRESS_EVERY_MILLIS);
                var reply = dev.boxmaker.proto.client.SocketClient.call(top.memorySocket(),
                        new MemoryAdmin("reindex-progress", ""), DaemonCall.CONNECT_WAIT,
                        Duration.ofSeconds(Wait.MEMORY_ADMIN_SECONDS), RUNBOOK, Codec.LIGHT);
                if (reply instanceof MemoryAdminReply r && !r.text().isEmpty()) {
                    long records = Long.parseLong(r.text());
                    double seconds = (System.nanoTime() - start) / 1e9;
                    top.err().print("\r" + BxctlSentences.reindexProgress(records, (long) (records / seconds)));
                    top.err().flush();
                    shown = true;
                }
            }
        } catch (InterruptedException | dev.boxmaker.proto.client.ClientException | NumberFormatException e) {
            // The reindex answered (interrupt), or memoryd cannot say: the final line says the rest.
        } finally {
            if (shown) {
                top.err().println();
                top.err().flush();
            }
        }
    }

    /** {@code bxctl memory search <query> [-k N]}: the hits recall would give, escaped. */
    @Command(name = "search", description = "Search memory as recall does (no recall-log line, no label).")
    static final class SearchCommand implements Callable<Integer> {
        @ParentCommand
        MemoryCommand memory;

        @Option(names = "-k", paramLabel = "N", defaultValue = "" + ToolContract.K_DEFAULT,
                description = "How many hits, " + ToolContract.K_MIN + " to " + ToolContract.K_MAX
                        + " (default " + ToolContract.K_DEFAULT + ").")
        int k;

        @Parameters(arity = "1..*", paramLabel = "QUERY", description = "The words to search for.")
        List<String> words;

        @Override
        public Integer call() {
            return memory.admin("search", searchArgs(String.join(" ", words), k));
        }
    }

    /**
     * The search's argument, {@code {"query":"...","k":5}}, as an {@code ObjectNode}'s
     * {@code toString()} writes it, with jackson-core alone.
     */
    static String searchArgs(String query, int k) {
        StringWriter out = new StringWriter();
        try (JsonGenerator g = LightJson.FACTORY.createGenerator(out)) {
            g.writeStartObject();
            g.writeStringField("query", query);
            g.writeNumberField("k", k);
            g.writeEndObject();
        } catch (IOException e) {
            throw new UncheckedIOException("a search's argument could not be written as JSON", e);
        }
        return out.toString();
    }
}
