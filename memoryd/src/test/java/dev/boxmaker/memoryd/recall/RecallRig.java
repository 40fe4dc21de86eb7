package dev.boxmaker.memoryd.recall;


import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.boxmaker.memoryd.config.HonchoSettings;
import dev.boxmaker.memoryd.honcho.fake.FakeHoncho;
import dev.boxmaker.memoryd.index.Logs;
import dev.boxmaker.memoryd.index.MemoryIndex;
import dev.boxmaker.memoryd.index.search.Searcher;
import dev.boxmaker.memoryd.recall.fleet.FleetRecall;
import dev.boxmaker.memoryd.recall.fleet.FleetSeed;
import dev.boxmaker.memoryd.threads.MemorydThreads;
import dev.boxmaker.proto.DataClass;
import dev.boxmaker.proto.Json;
import dev.boxmaker.proto.SessionId;
import dev.boxmaker.proto.log.UserRecord;
import dev.boxmaker.proto.wire.msg.MemoryCall;
import dev.boxmaker.proto.wire.msg.ToolRequest;
import dev.boxmaker.proto.wire.msg.ToolResponse;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.io.TempDir;

/** A local index and a fake Honcho, and recall over both, for the tests of recall's Honcho sources. */
abstract class RecallRig {
    static final String LOCAL = "mm-local1";
    static final String BX1 = "bx1-trusted";
    static final String BX2 = "bx2-trusted";
    static final Duration LIMIT = Duration.ofSeconds(FleetRecall.SOURCE_LIMIT_SECONDS);

    @TempDir
    Path home;
    FakeHoncho fake;
    MemoryIndex index;
    FleetRecall fleet;
    Recall recall;

    @BeforeEach
    void start() throws Exception {
        fake = FakeHoncho.start();
        Logs.append(home, LOCAL, new UserRecord(Instant.parse("2026-12-01T09:00:00Z"), 1, "the heron nests by the weir",
                null));
        Logs.append(home, "mm-otter", new UserRecord(Instant.parse("2026-12-01T10:00:00Z"), 1, "an otter here", null));
        index = SmallIndex.open(home);
    }

    @AfterEach
    void close() {
        if (fleet != null) {
            fleet.close();
        }
        index.close();
        fake.close();
    }

    void open(List<HonchoSettings.ReadWorkspace> reads) {
        open(FleetRecall.open(FleetSeed.settings(fake, reads), MemorydThreads.start().honchoRecall()));
    }

    void open(FleetRecall sources) {
        fleet = sources;
        recall = new Recall(new Searcher(index), new RecallLog(home.resolve("memory"), MemorydThreads.start().recallLogFlush()),
                Clock.fixed(Instant.parse("2026-12-02T12:00:00Z"), ZoneOffset.UTC), "owner", Optional.of(fleet));
    }

    ToolResponse recall(String query, int k) throws Exception {
        ObjectNode args = Json.MAPPER.createObjectNode().put("query", query).put("k", k);
        return recall.call(new MemoryCall(new ToolRequest(SessionId.of("mm-reader"), "call_1", "recall", args),
                DataClass.PRIVATE, false));
    }

    static String minute(String createdAt) {
        return FleetHitText.minute(createdAt);
    }
}
