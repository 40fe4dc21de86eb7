package dev.boxmaker.memoryd.sockets;

import dev.boxmaker.memoryd.Assembly;
import static org.assertj.core.api.Assertions.assertThat;
import static org.quicktheories.QuickTheory.qt;
import static org.quicktheories.generators.SourceDSL.lists;

import dev.boxmaker.memoryd.check.Check;
import dev.boxmaker.memoryd.config.MemorydSettings;
import dev.boxmaker.memoryd.home.MemoryHome;
import dev.boxmaker.memoryd.index.MemoryIndex;
import dev.boxmaker.memoryd.threads.MemorydThreads;
import dev.boxmaker.memoryd.tool.MemoryStore;
import dev.boxmaker.proto.DataClass;
import dev.boxmaker.proto.SessionId;
import dev.boxmaker.proto.client.SocketClient;
import dev.boxmaker.proto.testing.RawSocket;
import dev.boxmaker.proto.testing.SourcedRandom;
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
import dev.boxmaker.memoryd.files.Entries;
import dev.boxmaker.memoryd.files.IdentityFile;
import dev.boxmaker.memoryd.tool.Request;
import dev.boxmaker.proto.testing.HostileFrames;
import dev.boxmaker.proto.testing.OddTexts;
import dev.boxmaker.proto.testing.Texts;
import dev.boxmaker.proto.testing.WireMessages;
import dev.boxmaker.proto.wire.msg.Outcome;
import dev.boxmaker.proto.wire.msg.Reindex;
import dev.boxmaker.proto.wire.msg.SessionUpdated;
import dev.boxmaker.proto.wire.msg.ToolResponse;
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
import java.util.Random;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.quicktheories.api.Pair;
import org.quicktheories.core.Gen;
import org.quicktheories.generators.Generate;

/**
 * Random bytes, valid memoryd frames cut short, and whole frames of memoryd's own requests (every
 * memory action with its real fields, the owner's commands, session_updated, reindex, memory_block)
 * and of every other kind, made hostile by {@link HostileFrames}, sent to each of memoryd's three
 * sockets. Every connection gets one reply or is closed; an error frame, a tool's refusal or no reply
 * leaves every file under {@code memory/} as it was and {@code memory_block} answering as before; a
 * request memoryd carried out leaves memory.md and user.md canonical. QuickTheories prints the seed
 * of a failure; the README's Tests section says how to replay it.
 */
class MemorydFuzzProperties {
    private static final int EXAMPLES = 60;
    /** Shrink attempts a failure may take, a connection or two each. */
    private static final int SHRINKS = 1000;
    private static final Duration WAIT = Duration.ofSeconds(10);

    private static Path home;
    private static Vertx vertx;
    private static MemorydSockets sockets;
    private static MemoryIndex index;
    private static MemorydSettings settings;
    private static String block;
    private static String filesDigest;

    @BeforeAll
    static void start() throws Exception {
        home = TempHomes.create("bxf");
        settings = MemorydSettings.load(Optional.empty(), Map.of("BOXMAKER_HOME", home.toString()));
        MemoryHome.prepare(settings);
        Files.writeString(settings.memoryDir().resolve("memory.md"), "Owner prefers UTC.\n§\nShort answers 😀\n");
        Files.writeString(settings.memoryDir().resolve("notes.md"), "§ noted 2026-09-24T21:02Z in session mm-x · private\nseen\n");
        MemoryStore store = new MemoryStore(settings.memoryDir(),
                text -> Check.firstRefusal(text).map(Check.Refusal::sentence), Clock.systemUTC());
        vertx = Vertx.vertx(new VertxOptions().setPreferNativeTransport(true));
        index = MemoryIndex.open(MemoryIndex.Config.of(settings), MemorydThreads.start());
        sockets = Assembly.sockets(vertx, settings, store, index);
        block = ((MemoryBlockReply) SocketClient.call(settings.loopSocket(), new MemoryBlock(), WAIT, WAIT, "t")).text();
        filesDigest = digest();
    }

    @AfterAll
    static void stop() throws Exception {
        sockets.close();
        index.close();
        vertx.close().toCompletionStage().toCompletableFuture().get();
        TempHomes.delete(home);
    }

    @Test
    void randomBytes() {
        qt().withShrinkCycles(SHRINKS).withExamples(EXAMPLES).forAll(Texts.bytes(0, 64), socket()).checkAssert(MemorydFuzzProperties::sendAndCheck);
    }

    @Test
    void randomPayloadsInHonestFrames() {
        qt().withShrinkCycles(SHRINKS).withExamples(EXAMPLES).forAll(Texts.bytes(1, 200).map(RawSocket::frame), socket())
                .checkAssert(MemorydFuzzProperties::sendAndCheck);
    }

    @Test
    void memorydFramesCutShort() {
        qt().withShrinkCycles(SHRINKS).withExamples(EXAMPLES).forAll(truncated(), socket()).checkAssert(MemorydFuzzProperties::sendAndCheck);
    }

    /** A hostile payload and the socket it goes to. */
    record Target(Path socket, byte[] payload) {
        @Override
        public String toString() {
            return socket.getParent().getFileName() + "/" + socket.getFileName() + " <- " + HostileFrames.describe(payload);
        }
    }

    /** Each request made hostile, sent to the socket that serves its kind four times in five. */
    static Gen<Target> targets() {
        Gen<Message> requests = requests();
        Gen<Path> anySocket = socket();
        return in -> {
            Message request = requests.generate(in);
            Random random = SourcedRandom.from(in);
            Path socket = random.nextInt(5) == 0 ? anySocket.generate(in) : switch (request.kind()) {
                case MemoryCall.KIND -> settings.brokerSocket();
                case MemoryAdmin.KIND, Reindex.KIND -> settings.adminSocket();
                default -> settings.loopSocket();
            };
            return new Target(socket, HostileFrames.payload(request, random));
        };
    }

    @Test
    void hostileMemorydRequestsInHonestFrames() {
        Map<String, Integer> answers = new java.util.TreeMap<>();
        qt().withShrinkCycles(SHRINKS).withExamples(EXAMPLES * 5).forAll(targets())
                .checkAssert(target -> answers.merge(sendWhole(RawSocket.frame(target.payload()), target.socket()), 1, Integer::sum));
        System.out.println("MemorydFuzzProperties: answers to hostile memoryd requests " + answers);
        // Guards the property against frames that never get past decoding: some are refused as bad
        // requests, some reach the memory tool (which carries them out or refuses them), and some
        // other request is carried out.
        assertThat(answers).containsKey(ErrorReply.KIND);
        assertThat(answers.keySet()).anyMatch(k -> k.startsWith(ToolResponse.KIND + " "))
                .anyMatch(k -> !k.equals(ErrorReply.KIND) && !k.startsWith(ToolResponse.KIND) && !k.equals("none"));
    }

    @Test
    void hostileEnvelopesOfEveryKindInHonestFrames() {
        qt().withShrinkCycles(SHRINKS).withExamples(EXAMPLES).forAll(HostileFrames.payloads(WireMessages.messages()), socket())
                .checkAssert((payload, socket) -> sendWhole(RawSocket.frame(payload), socket));
    }

    static Gen<Path> socket() {
        return Generate.pick(List.of(settings.loopSocket(), settings.brokerSocket(), settings.adminSocket()));
    }

    static Gen<byte[]> truncated() {
        Gen<byte[]> cut = in -> {
            byte[] frame = Frames.encode(requests().generate(in));
            return Arrays.copyOf(frame, Generate.range(0, frame.length - 1).generate(in));
        };
        return cut.describedAs(Texts::hex);
    }

    /** memoryd's requests, whole: every memory action with its real fields, the owner's commands, and the rest. */
    static Gen<Message> requests() {
        Gen<String> text = Generate.oneOf(OddTexts.any(), Generate.pick(List.of("Owner prefers UTC.", "Short answers 😀",
                "seen", "a new entry", "§", "")), Texts.of("abcdefghij klmnopqrstuvwxyz", 1, 30));
        Gen<IdentityFile> file = Generate.enumValues(IdentityFile.class);
        Gen<Request> request = Generate.oneOf(
                file.zip(text, Request.Add::new),
                file.zip(text, text, Request.Replace::new),
                file.zip(text, Request.Remove::new),
                text.map(Request.Note::new),
                file.zip(lists().of(item(text)).ofSizeBetween(0, 4), Request.Consolidate::new));
        Gen<Message> call = in -> new MemoryCall(new ToolRequest(SessionId.of("chat-fuzz"), "call_1", "memory",
                request.generate(in).toArgs()), Generate.enumValues(DataClass.class).generate(in), Generate.booleans().generate(in));
        Gen<String> command = Generate.oneOf(Generate.pick(List.of("log", "undo", "pending", "accept", "reject")),
                Texts.of("abcdefghijklmnopqrstuvwxyz", 0, 8));
        Gen<String> arg = Generate.oneOf(Generate.pick(List.of("2026-09-24-0001", "", "1")), OddTexts.any());
        // Memory calls three times in seven: they have the most fields, and the tool behind them.
        return Generate.frequency(List.of(Pair.of(3, call), Pair.of(1, message(command.zip(arg, MemoryAdmin::new))),
                Pair.of(1, Generate.constant(new MemoryBlock())), Pair.of(1, Generate.constant(new Reindex())),
                Pair.of(1, message(WireMessages.sessions().zip(Generate.longRange(0, Long.MAX_VALUE), SessionUpdated::new)))));
    }

    private static Gen<Message> message(Gen<? extends Message> gen) {
        return gen::generate;
    }

    private static Gen<Request.Item> item(Gen<String> text) {
        return Generate.oneOf(text.map(Request.Item::keep), text.zip(text, Request.Item::rewrite), text.map(Request.Item::move),
                text.map(Request.Item::drop), text.map(Request.Item::added));
    }

    /** Sends {@code bytes}, ends the writing (the client is gone), and checks what followed. */
    private static String sendAndCheck(byte[] bytes, Path socket) {
        return send(bytes, socket, true);
    }

    /**
     * Sends a whole frame and waits for the answer without ending the writing: a client that ends it
     * is gone, and memoryd does not answer a request it carried out for nobody.
     */
    private static String sendWhole(byte[] frame, Path socket) {
        return send(frame, socket, false);
    }

    /** Sends {@code bytes} and checks what followed; the answer's kind, and for a tool's response its outcome. */
    private static String send(byte[] bytes, Path socket, boolean endWriting) {
        try {
            Message answer = null;
            try (RawSocket raw = RawSocket.open(socket)) {
                raw.write(bytes);
                if (endWriting) {
                    raw.shutdownOutput();
                }
                RawSocket.Received received = raw.receive(WAIT);
                assertThat(received.closed()).as("the connection closed").isTrue();
                answer = received.isEmpty() ? null : received.message();
            }
            boolean refused = answer == null || answer instanceof ErrorReply
                    || answer instanceof ToolResponse response && response.outcome() != Outcome.OK;
            if (refused) {
                assertThat(digest()).as("no file under memory/ changed after %s", answer).isEqualTo(filesDigest);
                Message reply = SocketClient.call(settings.loopSocket(), new MemoryBlock(), WAIT, WAIT, "t");
                assertThat(reply).isEqualTo(new MemoryBlockReply(block));
            } else {
                // Carried out: the identity files stay canonical, and what memoryd now answers is the new baseline.
                for (IdentityFile f : IdentityFile.values()) {
                    Path path = settings.memoryDir().resolve(f.fileName());
                    String written = Files.exists(path) ? Files.readString(path) : "";
                    assertThat(Entries.render(Entries.parse(written))).as("%s is canonical", f).isEqualTo(written);
                }
                block = ((MemoryBlockReply) SocketClient.call(settings.loopSocket(), new MemoryBlock(), WAIT, WAIT, "t")).text();
                filesDigest = digest();
            }
            return answer == null ? "none" : answer instanceof ToolResponse response
                    ? answer.kind() + " " + response.outcome().wire() : answer.kind();
        } catch (Exception e) {
            throw new AssertionError(e);
        }
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
