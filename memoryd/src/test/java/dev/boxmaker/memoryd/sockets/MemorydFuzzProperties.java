package dev.boxmaker.memoryd.sockets;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.boxmaker.memoryd.check.Check;
import dev.boxmaker.memoryd.config.MemorydSettings;
import dev.boxmaker.memoryd.home.MemoryHome;
import dev.boxmaker.memoryd.index.MemoryIndex;
import dev.boxmaker.memoryd.tool.MemoryStore;
import dev.boxmaker.proto.DataClass;
import dev.boxmaker.proto.Json;
import dev.boxmaker.proto.SessionId;
import dev.boxmaker.proto.client.SocketClient;
import dev.boxmaker.proto.testing.RawSocket;
import dev.boxmaker.proto.testing.TempHomes;
import dev.boxmaker.proto.wire.Frames;
import dev.boxmaker.proto.wire.msg.ErrorReply;
import dev.boxmaker.proto.wire.msg.MemoryAdmin;
import dev.boxmaker.proto.wire.msg.MemoryBlock;
import dev.boxmaker.proto.wire.msg.MemoryBlockReply;
import dev.boxmaker.proto.wire.msg.MemoryCall;
import dev.boxmaker.proto.wire.msg.Message;
import dev.boxmaker.proto.wire.msg.ToolRequest;
import io.vertx.core.Vertx;
import io.vertx.core.VertxOptions;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.time.Clock;
import java.time.Duration;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.Size;
import net.jqwik.api.lifecycle.AfterContainer;
import net.jqwik.api.lifecycle.BeforeContainer;

/**
 * Random bytes and valid memoryd frames cut short, sent to each of memoryd's three sockets: every
 * connection gets an error frame or is closed, memoryd answers {@code memory_block} exactly as
 * before afterwards, and no file under {@code memory/} changed. jqwik prints the seed of a failure.
 */
class MemorydFuzzProperties {
    private static final int TRIES = 60;
    private static final Duration WAIT = Duration.ofSeconds(10);

    private static Path home;
    private static Vertx vertx;
    private static MemorydSockets sockets;
    private static MemoryIndex index;
    private static MemorydSettings settings;
    private static String block;
    private static String filesDigest;

    @BeforeContainer
    static void start() throws Exception {
        home = TempHomes.create("bxf");
        settings = MemorydSettings.load(Optional.empty(), Map.of("BOXMAKER_HOME", home.toString()));
        MemoryHome.prepare(settings);
        Files.writeString(settings.memoryDir().resolve("memory.md"), "Owner prefers UTC.\n§\nShort answers 😀\n");
        Files.writeString(settings.memoryDir().resolve("notes.md"), "§ noted 2026-09-24T21:02Z in session mm-x · private\nseen\n");
        MemoryStore store = new MemoryStore(settings.memoryDir(),
                text -> Check.firstRefusal(text).map(Check.Refusal::sentence), Clock.systemUTC());
        vertx = Vertx.vertx(new VertxOptions().setPreferNativeTransport(true));
        index = MemoryIndex.open(MemoryIndex.Config.of(settings));
        sockets = MemorydSockets.start(vertx, settings, store, index);
        block = ((MemoryBlockReply) SocketClient.call(settings.loopSocket(), new MemoryBlock(), WAIT, WAIT, "t")).text();
        filesDigest = digest();
    }

    @AfterContainer
    static void stop() throws Exception {
        sockets.close();
        index.close();
        vertx.close().toCompletionStage().toCompletableFuture().get();
        TempHomes.delete(home);
    }

    @Property(tries = TRIES)
    void randomBytes(@ForAll @Size(max = 64) byte[] bytes, @ForAll("socket") Path socket) throws Exception {
        sendAndCheck(socket, bytes);
    }

    @Property(tries = TRIES)
    void randomPayloadsInHonestFrames(@ForAll @Size(min = 1, max = 200) byte[] payload, @ForAll("socket") Path socket)
            throws Exception {
        sendAndCheck(socket, RawSocket.frame(payload));
    }

    @Property(tries = TRIES)
    void memorydFramesCutShort(@ForAll("truncated") byte[] cut, @ForAll("socket") Path socket) throws Exception {
        sendAndCheck(socket, cut);
    }

    @Provide
    Arbitrary<Path> socket() {
        return Arbitraries.of(settings.loopSocket(), settings.brokerSocket(), settings.adminSocket());
    }

    @Provide
    Arbitrary<byte[]> truncated() {
        Arbitrary<Message> requests = Arbitraries.oneOf(
                Arbitraries.strings().alpha().ofMinLength(1).ofMaxLength(40).map(MemorydFuzzProperties::add),
                Arbitraries.of("undo", "accept", "reject").map(c -> new MemoryAdmin(c, "2026-09-24-0001")),
                Arbitraries.just(new MemoryBlock()));
        return requests.map(Frames::encode)
                .flatMap(frame -> Arbitraries.integers().between(0, frame.length - 1).map(n -> Arrays.copyOf(frame, n)));
    }

    private static Message add(String text) {
        ObjectNode args = Json.MAPPER.createObjectNode().put("action", "add").put("file", "memory").put("text", text);
        return new MemoryCall(new ToolRequest(SessionId.of("chat-fuzz"), "call_1", "memory", args), DataClass.PRIVATE, false);
    }

    private static void sendAndCheck(Path socket, byte[] bytes) throws Exception {
        try (RawSocket raw = RawSocket.open(socket)) {
            raw.write(bytes);
            raw.shutdownOutput();
            RawSocket.Received received = raw.receive(WAIT);
            assertThat(received.closed()).as("the connection closed").isTrue();
            if (!received.isEmpty()) {
                assertThat(received.message()).isInstanceOf(ErrorReply.class);
            }
        }
        Message reply = SocketClient.call(settings.loopSocket(), new MemoryBlock(), WAIT, WAIT, "t");
        assertThat(reply).isEqualTo(new MemoryBlockReply(block));
        assertThat(digest()).as("no file under memory/ changed").isEqualTo(filesDigest);
    }

    /** One digest of every file's name and bytes under memory/. */
    private static String digest() throws Exception {
        MessageDigest sha = MessageDigest.getInstance("SHA-256");
        try (Stream<Path> files = Files.walk(settings.memoryDir())) {
            List<Path> sorted = files.filter(Files::isRegularFile).sorted().toList();
            for (Path file : sorted) {
                sha.update(file.toString().getBytes());
                sha.update(Files.readAllBytes(file));
            }
        }
        return HexFormat.of().formatHex(sha.digest());
    }
}
