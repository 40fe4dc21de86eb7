package dev.boxmaker.loopd;

import dev.boxmaker.loopd.baseline.MemorySource;
import dev.boxmaker.loopd.baseline.MemorydSource;
import dev.boxmaker.loopd.config.LoopdSettings;
import dev.boxmaker.loopd.sockets.LoopdSockets;
import dev.boxmaker.loopd.testing.FakeBrokerd;
import dev.boxmaker.loopd.testing.FakeMemoryd;
import dev.boxmaker.loopd.testing.ScriptedModel;
import dev.boxmaker.loopd.turn.Turns;
import dev.boxmaker.proto.SessionId;
import dev.boxmaker.proto.client.SocketClient;
import dev.boxmaker.proto.log.SessionLogs;
import dev.boxmaker.proto.testing.TempHomes;
import dev.boxmaker.proto.testing.TestServers;
import dev.boxmaker.proto.wire.msg.LoopAdmin;
import dev.boxmaker.proto.wire.msg.Message;
import dev.boxmaker.proto.wire.msg.Turn;
import io.vertx.core.Vertx;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A loopd in this JVM on a fresh home under /tmp (short: a socket path must fit 108 bytes), with its
 * real turn socket, a scripted model, and fake memoryd and brokerd on their real socket paths.
 */
public final class LoopdHome implements AutoCloseable {
    public static final Duration WAIT = Duration.ofSeconds(30);
    /** The back-off of the tests' model client: short, so retry tests stay quick. */
    public static final long BACKOFF_MILLIS = 20;

    public final Path home;
    public final Vertx vertx;
    public final ScriptedModel model;
    public FakeMemoryd memoryd;
    public FakeBrokerd brokerd;
    public LoopdSettings settings;
    /** How many sessions' prompts loopd keeps in memory. */
    public int sessionsCached = Turns.SESSIONS_CACHED_MAX;
    /** loopd's clock: the record times, the clock tool. */
    public Clock clock = Clock.systemUTC();
    private Turns turns;
    private LoopdSockets sockets;

    private LoopdHome(Path home, ScriptedModel model) {
        this.home = home;
        this.model = model;
        this.vertx = TestServers.vertx();
    }

    /** A home whose loopd.toml points at a new scripted model, with {@code modelKeys} added to {@code [model]}. */
    public static LoopdHome create(String modelKeys) throws IOException {
        ScriptedModel model = ScriptedModel.start();
        LoopdHome t = new LoopdHome(TempHomes.create("bxl"), model);
        Files.writeString(t.home.resolve("loopd.toml"), "[paths]\nhome = \"" + t.home + "\"\n[model]\nurl = \""
                + model.url() + "\"\n" + modelKeys);
        return t;
    }

    public static LoopdHome create() throws IOException {
        return create("");
    }

    /** Reads loopd.toml (again): after a test wrote files it names, such as a secret. */
    public LoopdSettings load() {
        settings = LoopdSettings.load(Optional.of(home.resolve("loopd.toml")), Map.of());
        return settings;
    }

    /** loopd's turns, while it runs. */
    public Turns turns() {
        return turns;
    }

    /** Starts the fakes and loopd with memoryd's client as its memory source. */
    public LoopdHome start() {
        if (settings == null) {
            load();
        }
        memoryd = new FakeMemoryd(vertx, settings.memorySocket());
        brokerd = new FakeBrokerd(vertx, settings.brokerSocket());
        return startLoopd(new MemorydSource(settings.memorySocket()));
    }

    /** Starts loopd alone (the fakes as they are) with {@code memory}. */
    public LoopdHome startLoopd(MemorySource memory) {
        if (settings == null) {
            load();
        }
        turns = Loopd.open(settings, memory, BACKOFF_MILLIS, clock, sessionsCached);
        sockets = LoopdSockets.start(vertx, settings.turnSocket(), home, turns, settings.modelUrl());
        return this;
    }

    /**
     * A home whose session {@code session} had one answered turn, with loopd stopped after it, so a
     * test can change the session's files before {@link #restartLoopd()}.
     */
    public static LoopdHome afterOneTurn(String session) throws Exception {
        LoopdHome t = create().start();
        t.model.add(dev.boxmaker.loopd.testing.ScriptedModel.Reply.text("hi"));
        t.turn(session, "first");
        t.stopLoopd();
        return t;
    }

    /** Starts loopd again after {@link #stopLoopd()}, with memoryd's client as its memory source. */
    public LoopdHome restartLoopd() {
        return startLoopd(new MemorydSource(settings.memorySocket()));
    }

    /** Stops loopd only, as a restart does; the fakes keep running. */
    public void stopLoopd() {
        Loopd.stop(sockets, turns);
        sockets = null;
        turns = null;
    }

    public Message turn(String session, String text) throws Exception {
        return turn(session, text, "owner");
    }

    public Message turn(String session, String text, String speaker) throws Exception {
        return SocketClient.call(settings.turnSocket(), new Turn(SessionId.of(session), text, speaker), WAIT, WAIT, "test");
    }

    public Message admin(String command, String arg) throws Exception {
        return SocketClient.call(settings.turnSocket(), new LoopAdmin(command, arg), WAIT, WAIT, "test");
    }

    public List<String> log(String session) throws IOException {
        Path file = SessionLogs.file(home, SessionId.of(session));
        return Files.exists(file) ? Files.readAllLines(file, StandardCharsets.UTF_8) : List.of();
    }

    public Path baselineFile(String session) {
        return SessionLogs.dir(home, SessionId.of(session)).resolve("0.baseline.json");
    }

    public byte[] baseline(String session) throws IOException {
        return Files.readAllBytes(baselineFile(session));
    }

    @Override
    public void close() throws Exception {
        stopLoopd();
        if (memoryd != null) {
            memoryd.close();
        }
        if (brokerd != null) {
            brokerd.close();
        }
        model.close();
        TestServers.close(vertx);
        TempHomes.delete(home);
    }
}
