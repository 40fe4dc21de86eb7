package dev.boxmaker.proto.testing;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.boxmaker.proto.DataClass;
import dev.boxmaker.proto.Json;
import dev.boxmaker.proto.SessionId;
import dev.boxmaker.proto.wire.msg.BrokerAdmin;
import dev.boxmaker.proto.wire.msg.BrokerAdminReply;
import dev.boxmaker.proto.wire.msg.BrokerStats;
import dev.boxmaker.proto.wire.msg.BrokerStatsReply;
import dev.boxmaker.proto.wire.msg.ErrorReply;
import dev.boxmaker.proto.wire.msg.LoopAdmin;
import dev.boxmaker.proto.wire.msg.LoopAdminReply;
import dev.boxmaker.proto.wire.msg.LoopStats;
import dev.boxmaker.proto.wire.msg.LoopStatsReply;
import dev.boxmaker.proto.wire.msg.MemoryAdmin;
import dev.boxmaker.proto.wire.msg.MemoryAdminReply;
import dev.boxmaker.proto.wire.msg.MemoryBlock;
import dev.boxmaker.proto.wire.msg.MemoryBlockReply;
import dev.boxmaker.proto.wire.msg.MemoryCall;
import dev.boxmaker.proto.wire.msg.MemoryStats;
import dev.boxmaker.proto.wire.msg.MemoryStatsReply;
import dev.boxmaker.proto.wire.msg.Message;
import dev.boxmaker.proto.wire.msg.Ok;
import dev.boxmaker.proto.wire.msg.Outcome;
import dev.boxmaker.proto.wire.msg.Reindex;
import dev.boxmaker.proto.wire.msg.Reindexed;
import dev.boxmaker.proto.wire.msg.SessionState;
import dev.boxmaker.proto.wire.msg.SessionStateReply;
import dev.boxmaker.proto.wire.msg.SessionUpdated;
import dev.boxmaker.proto.wire.msg.ToolRequest;
import dev.boxmaker.proto.wire.msg.ToolResponse;
import dev.boxmaker.proto.wire.msg.Turn;
import dev.boxmaker.proto.wire.msg.TurnReply;
import java.util.List;
import org.quicktheories.core.Gen;
import org.quicktheories.generators.Generate;

/** QuickTheories generators of the wire's messages (wire.md), every kind, for codec and socket properties. */
public final class WireMessages {
    private WireMessages() {
    }

    /** Valid session ids: a lower-case prefix, a dash, 1 to 128 of the id's characters. */
    public static Gen<SessionId> sessions() {
        Gen<String> prefix = Generate.characters('a', 'z').zip(Texts.of("abcdefghijklmnopqrstuvwxyz0123456789", 0, 15),
                (c, rest) -> c + rest);
        Gen<String> rest = Texts.of("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-", 1, 128);
        return prefix.zip(rest, (p, r) -> SessionId.of(p + "-" + r));
    }

    /** A message of every kind wire.md names, with odd texts, valid sessions and counts at their limits. */
    public static Gen<Message> messages() {
        Gen<String> text = OddTexts.any();
        Gen<String> optional = Texts.orNull(text, 30);
        Gen<SessionId> session = sessions();
        Gen<Long> count = Generate.oneOf(Generate.longRange(0, Long.MAX_VALUE),
                Generate.pick(List.of(0L, 1L, (long) Integer.MAX_VALUE, Integer.MAX_VALUE + 1L, Long.MAX_VALUE)));
        // OddTexts are at most 40 chars, so within a call id's and a tool's 128 code points.
        Gen<String> shortText = text;
        Gen<ToolRequest> request = session.zip(shortText, shortText, text, (s, c, t, a) -> new ToolRequest(s, c, t, args(a)));
        Gen<DataClass> dataClass = Generate.enumValues(DataClass.class);
        Gen<Boolean> flag = Generate.booleans();
        Gen<Outcome> outcome = Generate.enumValues(Outcome.class);
        Gen<Long> optionalCount = Generate.booleans().zip(count, (absent, n) -> absent ? null : n);
        return Generate.pick(List.<Gen<? extends Message>>of(
                Generate.constant(new MemoryBlock()),
                text.map(MemoryBlockReply::new),
                session.zip(count, SessionUpdated::new),
                request.zip(dataClass, flag, MemoryCall::new),
                request,
                in -> new ToolResponse(shortText.generate(in), outcome.generate(in), text.generate(in), dataClass.generate(in),
                        flag.generate(in), optional.generate(in)),
                Generate.constant(new Reindex()),
                count.zip(count, count, Reindexed::new),
                text.zip(text, optional, MemoryAdmin::new),
                text.map(MemoryAdminReply::new),
                text.zip(text, optional, BrokerAdmin::new),
                text.map(BrokerAdminReply::new),
                session.map(SessionState::new),
                dataClass.zip(flag, SessionStateReply::new),
                session.zip(text, optional, Turn::new),
                session.zip(count, text, TurnReply::new),
                text.zip(text, LoopAdmin::new),
                text.map(LoopAdminReply::new),
                Generate.constant(new MemoryStats()),
                in -> new MemoryStatsReply(text.generate(in), count.generate(in), optionalCount.generate(in),
                        optionalCount.generate(in), count.generate(in), text.generate(in), optionalCount.generate(in)),
                Generate.constant(new BrokerStats()),
                in -> new BrokerStatsReply(text.generate(in), count.generate(in), optionalCount.generate(in),
                        count.generate(in), count.generate(in), optional.generate(in)),
                Generate.constant(new LoopStats()),
                in -> new LoopStatsReply(text.generate(in), count.generate(in), optionalCount.generate(in),
                        count.generate(in), count.generate(in), count.generate(in), optional.generate(in),
                        optional.generate(in)),
                Generate.constant(new Ok()),
                text.zip(optional, ErrorReply::new))).flatMap(gen -> gen.map(Message.class::cast));
    }

    private static ObjectNode args(String text) {
        ObjectNode args = Json.MAPPER.createObjectNode();
        args.put("q", text);
        return args;
    }
}
