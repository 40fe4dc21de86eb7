package dev.boxmaker.loopd.sockets;

import dev.boxmaker.loopd.turn.Turns;
import dev.boxmaker.proto.daemon.ProcessFigures;
import dev.boxmaker.proto.server.Handler;
import dev.boxmaker.proto.wire.msg.LoopStats;
import dev.boxmaker.proto.wire.msg.LoopStatsReply;
import dev.boxmaker.proto.wire.msg.Message;
import java.net.URI;
import java.util.Optional;

/**
 * {@code loop_stats} from {@code bxctl status}: the sessions loopd keeps in memory, the turns running
 * and queued, the model's URL and the sentence of its latest failure, all from what it holds in memory.
 */
public final class LoopStatsHandler implements Handler<LoopStats> {
    private final Turns turns;
    private final String modelUrl;
    private final String version = ProcessFigures.version();

    public LoopStatsHandler(Turns turns, Optional<URI> modelUrl) {
        this.turns = turns;
        this.modelUrl = modelUrl.map(URI::toString).orElse(null);
    }

    @Override
    public Message handle(LoopStats request) {
        return new LoopStatsReply(version, ProcessFigures.uptimeSeconds(), ProcessFigures.residentBytes(),
                turns.sessionsInMemory(), turns.running(), turns.waiting(), modelUrl, turns.modelError());
    }
}
