package dev.boxmaker.bxctl;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.boxmaker.proto.Json;
import dev.boxmaker.proto.Numbers;
import dev.boxmaker.proto.client.Wait;
import dev.boxmaker.proto.wire.msg.MemoryAdmin;
import dev.boxmaker.proto.wire.msg.MemoryAdminReply;
import dev.boxmaker.proto.wire.msg.Reindex;
import dev.boxmaker.proto.wire.msg.Reindexed;
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
    /** The runbook entry a failed reindex names; memoryd's own error frame names it too. */
    static final String RUNBOOK = "memory-index-damaged";

    /** The line printed on a terminal while memoryd rebuilds, which can take seconds at scale. */
    static final String PROGRESS = "reindexing: memoryd is reading every session log and notes.md; recall keeps answering meanwhile";

    private IndexCommands() {
    }

    /** {@code reindexed: 42 logs, 1,208 records, 7 notes}. */
    static String reindexed(Reindexed r) {
        return "reindexed: " + Numbers.grouped(r.logs()) + (r.logs() == 1 ? " log, " : " logs, ")
                + Numbers.grouped(r.records()) + (r.records() == 1 ? " record, " : " records, ")
                + Numbers.grouped(r.notes()) + (r.notes() == 1 ? " note" : " notes");
    }

    /** {@code bxctl reindex}: rebuilds the index beside the old one; repairs a damaged one. */
    @Command(name = "reindex", description = "Rebuild memoryd's index from sessions/ and notes.md; recall keeps answering.")
    static final class ReindexCommand implements Callable<Integer> {
        @ParentCommand
        Bxctl top;

        @Override
        public Integer call() {
            if (System.console() != null && !top.json) {
                top.err().println(PROGRESS);
                top.err().flush();
            }
            return DaemonCall.run(top, top.memorySocket(), new Reindex(), Duration.ofMinutes(Wait.REINDEX_MINUTES),
                    RUNBOOK, Reindexed.class, IndexCommands::reindexed);
        }
    }

    /** {@code bxctl memory search <query> [-k N]}: the hits recall would give, escaped. */
    @Command(name = "search", description = "Search memory as recall does (no recall-log line, no label).")
    static final class SearchCommand implements Callable<Integer> {
        @ParentCommand
        MemoryCommand memory;

        @Option(names = "-k", paramLabel = "N", defaultValue = "5", description = "How many hits, 1 to 10 (default 5).")
        int k;

        @Parameters(arity = "1..*", paramLabel = "QUERY", description = "The words to search for.")
        List<String> words;

        @Override
        public Integer call() {
            ObjectNode args = Json.MAPPER.createObjectNode();
            args.put("query", String.join(" ", words));
            args.put("k", k);
            return memory.admin("search", args.toString());
        }
    }
}
