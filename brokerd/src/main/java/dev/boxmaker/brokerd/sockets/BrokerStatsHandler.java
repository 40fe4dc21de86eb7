package dev.boxmaker.brokerd.sockets;

import dev.boxmaker.brokerd.decide.Broker;
import dev.boxmaker.proto.daemon.ProcessFigures;
import dev.boxmaker.proto.server.Handler;
import dev.boxmaker.proto.wire.msg.BrokerStats;
import dev.boxmaker.proto.wire.msg.BrokerStatsReply;
import dev.boxmaker.proto.wire.msg.Message;

/**
 * {@code broker_stats} from {@code bxctl status}: the sessions whose taint brokerd keeps, the calls
 * waiting for the owner, and whether the grant set is valid, all from what it holds in memory.
 */
public final class BrokerStatsHandler implements Handler<BrokerStats> {
    private final Broker broker;
    private final String version = ProcessFigures.version();

    public BrokerStatsHandler(Broker broker) {
        this.broker = broker;
    }

    @Override
    public Message handle(BrokerStats request) {
        return new BrokerStatsReply(version, ProcessFigures.uptimeSeconds(), ProcessFigures.residentBytes(),
                broker.taints().size(), broker.approvals().size(), broker.grants().current().problem().orElse(null));
    }
}
