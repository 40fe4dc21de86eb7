package dev.boxmaker.proto.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.boxmaker.proto.client.SocketClient;
import dev.boxmaker.proto.testing.EchoHandlers;
import dev.boxmaker.proto.testing.RunningServer;
import dev.boxmaker.proto.testing.TestServers;
import dev.boxmaker.proto.wire.msg.LoopAdmin;
import dev.boxmaker.proto.wire.msg.LoopAdminReply;
import io.vertx.core.Vertx;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.channels.ServerSocketChannel;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The socket file's life: directory and socket modes, stale sockets, refusals, removal (wire.md, "Sockets"). */
class SocketFilesTest {
    private static final Duration WAIT = Duration.ofSeconds(5);

    @TempDir
    Path dir;

    @Test
    void directoriesTheServerCreatesAre0700AndTheSocketIs0600() throws Exception {
        Path socket = TestServers.socketIn(dir, "a/b/s.sock");
        try (RunningServer running = RunningServer.start(socket, EchoHandlers.all(), WAIT)) {
            assertThat(mode(dir.resolve("a"))).isEqualTo("rwx------");
            assertThat(mode(dir.resolve("a/b"))).isEqualTo("rwx------");
            assertThat(mode(socket)).isEqualTo("rw-------");
            assertThat(echo(socket, "up")).isEqualTo("up");
        }
    }

    @Test
    void aDirectoryThatAlreadyExistsKeepsItsMode() throws Exception {
        Path open = Files.createDirectory(dir.resolve("open"));
        Files.setPosixFilePermissions(open, PosixFilePermissions.fromString("rwxr-xr-x"));
        try (RunningServer running = RunningServer.start(TestServers.socketIn(open, "s.sock"), EchoHandlers.all(), WAIT)) {
            assertThat(mode(open)).isEqualTo("rwxr-xr-x");
        }
    }

    @Test
    void aStaleSocketIsRemovedAndTheServerStarts() throws Exception {
        Path socket = TestServers.socketIn(dir, "s.sock");
        try (ServerSocketChannel gone = ServerSocketChannel.open(StandardProtocolFamily.UNIX)) {
            gone.bind(UnixDomainSocketAddress.of(socket));
        }
        assertThat(socket).exists();

        try (RunningServer running = RunningServer.start(socket, EchoHandlers.all(), WAIT)) {
            assertThat(echo(socket, "fresh")).isEqualTo("fresh");
        }
    }

    @Test
    void aSecondServerRefusesToStartWhereAnotherAnswers() throws Exception {
        try (RunningServer first = RunningServer.echo(dir)) {
            Path socket = first.socket();
            SocketServer second = new SocketServer(first.vertx(), socket, "second", EchoHandlers.all());

            assertThatThrownBy(second::start)
                    .isInstanceOf(ServerStartException.class)
                    .hasMessage("another process is answering on " + socket
                            + "; stop it or give this daemon another socket path");
            assertThat(echo(socket, "still here")).isEqualTo("still here");
        }
    }

    @Test
    void theCheckBeforeStartRefusesOnlyASocketAnotherAnswersOn() throws Exception {
        Path stale = TestServers.socketIn(dir, "stale.sock");
        try (ServerSocketChannel gone = ServerSocketChannel.open(StandardProtocolFamily.UNIX)) {
            gone.bind(UnixDomainSocketAddress.of(stale));
        }
        Path notes = Files.writeString(dir.resolve("notes"), "the owner's notes");
        try (RunningServer first = RunningServer.echo(dir)) {
            Path live = first.socket();

            assertThatThrownBy(() -> SocketsInUse.refuse(dir.resolve("missing.sock"), stale, notes, live))
                    .isInstanceOf(ServerStartException.class)
                    .hasMessage("another process is answering on " + live
                            + "; stop it or give this daemon another socket path");
            assertThat(echo(live, "still here")).isEqualTo("still here");
        }
        // Left for the real start: it clears the stale socket and names the file that is not one.
        assertThat(stale).exists();
        assertThat(Files.readString(notes)).isEqualTo("the owner's notes");
        assertThat(dir.resolve("missing.sock")).doesNotExist();
    }

    @Test
    void aFileThatIsNotASocketIsRefusedAndLeftAlone() throws Exception {
        Path socket = TestServers.socketIn(dir, "s.sock");
        Files.writeString(socket, "the owner's notes");
        Vertx vertx = TestServers.vertx();
        try {
            SocketServer server = new SocketServer(vertx, socket, "test", EchoHandlers.all());

            assertThatThrownBy(server::start)
                    .isInstanceOf(ServerStartException.class)
                    .hasMessage("the file at " + socket + " is not a socket and was left alone; "
                            + "move it away or give this daemon another socket path");
            assertThat(Files.readString(socket)).isEqualTo("the owner's notes");
        } finally {
            TestServers.close(vertx);
        }
    }

    @Test
    void aFileInTheWayOfTheDirectoryIsRefused() throws Exception {
        Files.writeString(dir.resolve("run"), "not a directory");
        Path socket = TestServers.socketIn(dir, "run/x/s.sock");
        Vertx vertx = TestServers.vertx();
        try {
            SocketServer server = new SocketServer(vertx, socket, "test", EchoHandlers.all());

            assertThatThrownBy(server::start)
                    .isInstanceOf(ServerStartException.class)
                    .hasMessage("could not create the socket directory " + dir.resolve("run/x")
                            + ": a file is in the way or a parent is not writable");
        } finally {
            TestServers.close(vertx);
        }
    }

    @Test
    void closeRemovesTheSocketFile() throws Exception {
        RunningServer running = RunningServer.echo(dir);
        Path socket = running.socket();
        assertThat(socket).exists();

        running.close();

        assertThat(socket).doesNotExist();
    }

    @Test
    void withoutTheNativeTransportTheServerRefusesWithASentence() throws Exception {
        Vertx plain = Vertx.vertx();
        try {
            assertThatThrownBy(() -> new SocketServer(plain, dir.resolve("s.sock"), "test", EchoHandlers.all()))
                    .isInstanceOf(ServerStartException.class)
                    .hasMessage("the native transport (epoll) is not available, so Unix sockets cannot be served; "
                            + "run on Linux x86_64 with netty-transport-native-epoll and prefer-native-transport set");
        } finally {
            TestServers.close(plain);
        }
    }

    @Test
    void aKindNoMessageHasIsAProgrammingError() throws Exception {
        Vertx vertx = TestServers.vertx();
        try {
            Handler<LoopAdmin> handler = request -> new LoopAdminReply("");
            assertThatThrownBy(() -> new SocketServer(vertx, dir.resolve("s.sock"), "test", Map.of("lop_admin", handler)))
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessage("no message kind is called \"lop_admin\"");
        } finally {
            TestServers.close(vertx);
        }
    }

    private static String mode(Path path) throws Exception {
        return PosixFilePermissions.toString(Files.getPosixFilePermissions(path, LinkOption.NOFOLLOW_LINKS));
    }

    private static String echo(Path socket, String text) throws Exception {
        return ((LoopAdminReply) SocketClient.call(socket, new LoopAdmin("echo", text), WAIT, WAIT, "test-entry")).text();
    }
}
