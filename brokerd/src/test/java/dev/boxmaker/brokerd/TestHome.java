package dev.boxmaker.brokerd;

import dev.boxmaker.brokerd.config.BrokerdSettings;
import dev.boxmaker.brokerd.decide.Broker;
import dev.boxmaker.brokerd.sockets.BrokerdSockets;
import dev.boxmaker.proto.SessionId;
import dev.boxmaker.proto.client.SocketClient;
import dev.boxmaker.proto.testing.TempHomes;
import dev.boxmaker.proto.testing.TestServers;
import dev.boxmaker.proto.wire.msg.BrokerAdmin;
import dev.boxmaker.proto.wire.msg.BrokerAdminReply;
import dev.boxmaker.proto.wire.msg.Message;
import dev.boxmaker.proto.wire.msg.ToolRequest;
import dev.boxmaker.proto.wire.msg.ToolResponse;
import io.vertx.core.Vertx;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.boxmaker.proto.Json;

/**
 * A brokerd in this JVM on a fresh home under /tmp (short: a socket path must fit 108 bytes), with
 * its real sockets, a short memoryd wait, and helpers to call it as loopd and bxctl do.
 */
public final class TestHome implements AutoCloseable {
    public static final Duration WAIT = Duration.ofSeconds(20);

    public final Path home;
    public final Vertx vertx;
    public BrokerdSettings settings;
    public Broker broker;
    private BrokerdSockets sockets;

    private TestHome(Path home) {
        this.home = home;
        this.vertx = TestServers.vertx();
    }

    /** A home whose brokerd.toml holds {@code toml} after {@code [paths] home}; not started yet. */
    public static TestHome create(String toml) throws IOException {
        TestHome t = new TestHome(TempHomes.create("bxb"));
        Files.writeString(t.home.resolve("brokerd.toml"), "[paths]\nhome = \"" + t.home + "\"\n" + toml);
        Files.createDirectories(t.home.resolve("grants"));
        return t;
    }

    public TestHome start(Duration memorydWait) {
        settings = BrokerdSettings.load(Optional.of(home.resolve("brokerd.toml")), Map.of());
        broker = Brokerd.open(vertx, settings, memorydWait, Clock.systemUTC());
        sockets = BrokerdSockets.start(vertx, settings, broker);
        return this;
    }

    public void stop() {
        if (broker != null) {
            broker.approvals().close();
        }
        if (sockets != null) {
            sockets.close();
            sockets = null;
        }
        if (broker != null) {
            broker.close();
            broker = null;
        }
    }

    public void grant(String id, String toml) throws IOException {
        Files.writeString(home.resolve("grants/" + id + ".toml"), toml);
        broker.grants().check();
    }

    public ToolResponse call(String session, String tool, String argsJson) throws Exception {
        return (ToolResponse) send(request(session, "c1", tool, argsJson));
    }

    public Message send(ToolRequest request) throws Exception {
        return SocketClient.call(settings.loopSocket(), request, WAIT, WAIT, "test");
    }

    public static ToolRequest request(String session, String call, String tool, String argsJson) throws IOException {
        return new ToolRequest(SessionId.of(session), call, tool, (ObjectNode) Json.MAPPER.readTree(argsJson));
    }

    public String admin(String command, String arg) throws Exception {
        Message reply = SocketClient.call(settings.adminSocket(), new BrokerAdmin(command, arg), WAIT, WAIT, "test");
        if (reply instanceof BrokerAdminReply r) {
            return r.text();
        }
        return reply.toString();
    }

    public String auditText() throws IOException {
        StringBuilder all = new StringBuilder();
        try (Stream<Path> files = Files.list(home.resolve("audit"))) {
            for (Path f : files.sorted().toList()) {
                all.append(Files.readString(f, StandardCharsets.UTF_8));
            }
        }
        return all.toString();
    }

    @Override
    public void close() throws Exception {
        stop();
        TestServers.close(vertx);
        TempHomes.delete(home);
    }

    /** Waits up to 20 s until {@code count} calls wait for the owner, then asserts that exactly so many do. */
    public void awaitWaiting(int count) throws InterruptedException {
        long deadline = System.nanoTime() + java.util.concurrent.TimeUnit.SECONDS.toNanos(20);
        while (broker.approvals().size() < count && System.nanoTime() < deadline) {
            Thread.sleep(10);
        }
        org.assertj.core.api.Assertions.assertThat(broker.approvals().size()).isEqualTo(count);
    }
}
