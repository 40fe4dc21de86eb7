package dev.boxmaker.memoryd.sockets;

import dev.boxmaker.memoryd.sentences.IndexSentences;
import dev.boxmaker.memoryd.sentences.RecallSentences;
import dev.boxmaker.proto.server.Handler;
import dev.boxmaker.proto.server.HandlerRefusal;
import dev.boxmaker.proto.wire.msg.Message;
import dev.boxmaker.proto.wire.msg.Reindex;
import dev.boxmaker.proto.wire.msg.Reindexed;
import java.io.IOException;
import org.jboss.logging.Logger;

/** {@code reindex} on the owner's socket: rebuilds the index beside the old one and answers {@code reindexed}. */
public final class ReindexHandler implements Handler<Reindex> {
    private static final Logger LOG = Logger.getLogger(ReindexHandler.class);

    /** The rebuild: what it read, once the new file is in place. */
    @FunctionalInterface
    public interface Reindexing {
        Reindexed reindex() throws IOException, InterruptedException;
    }

    private final Reindexing reindexing;

    public ReindexHandler(Reindexing reindexing) {
        this.reindexing = reindexing;
    }

    @Override
    public Message handle(Reindex request) throws HandlerRefusal, InterruptedException {
        try {
            return reindexing.reindex();
        } catch (IOException e) {
            LOG.error(IndexSentences.reindexFailed(e.getMessage()), e);
            throw new HandlerRefusal(IndexSentences.reindexFailed(e.getMessage()), RecallSentences.INDEX_DAMAGED_RUNBOOK);
        }
    }
}
