package dev.boxmaker.bxctl;

import dev.boxmaker.proto.wire.Frames;
import dev.boxmaker.proto.wire.msg.MemoryAdminReply;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.Writer;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The training run bin/bxctl makes the JVM's cache from (JDK 25's AOT cache, or JDK 17's AppCDS
 * archive): each command line given, run once in this one JVM, whose classes the cache then holds.
 * Its home is a new directory where the three daemons' sockets answer, each request with one
 * {@code memory_admin_reply}, so {@code status} connects and {@code memory show} decodes a reply.
 * Nothing is printed and no daemon is asked; a command line that does not end in 0 fails the run,
 * so bin/bxctl keeps no cache of a run that went wrong.
 */
public final class Training {
    /** The reply, written as bytes: bxctl itself never encodes a reply, so the cache need not hold that. */
    private static final byte[] REPLY = Frames.frame(("{\"kind\":\"" + MemoryAdminReply.KIND
            + "\",\"body\":{\"text\":\"training\"}}").getBytes(StandardCharsets.UTF_8));

    private static final List<String> SOCKETS = List.of("run/owner-memory/admin.sock",
            "run/owner-broker/admin.sock", "run/owner-loop/loop.sock");

    private Training() {
    }

    public static void main(String[] commandLines) throws IOException {
        Cli.warmUp();
        System.exit(run(commandLines));
    }

    /** Runs each command line (words separated by spaces); the first exit code that is not 0, or 0. */
    static int run(String... commandLines) throws IOException {
        Path home = Files.createTempDirectory("bxctl-training");
        List<ServerSocketChannel> servers = new ArrayList<>();
        try {
            for (String socket : SOCKETS) {
                servers.add(answering(home.resolve(socket)));
            }
            PrintWriter sink = new PrintWriter(Writer.nullWriter());
            for (String line : commandLines) {
                int code = Bxctl.run(line.split(" "), sink, sink, Map.of("BOXMAKER_HOME", home.toString()));
                if (code != Exit.DONE) {
                    System.err.println("training: bxctl " + line + " exited " + code);
                    return code;
                }
            }
            return Exit.DONE;
        } finally {
            for (ServerSocketChannel server : servers) {
                server.close();
            }
            for (String socket : SOCKETS) {
                Path file = home.resolve(socket);
                Files.deleteIfExists(file);
                Files.deleteIfExists(file.getParent());
            }
            Files.deleteIfExists(home.resolve("run"));
            Files.deleteIfExists(home);
        }
    }

    private static ServerSocketChannel answering(Path socket) throws IOException {
        Files.createDirectories(socket.getParent());
        ServerSocketChannel server = ServerSocketChannel.open(StandardProtocolFamily.UNIX);
        server.bind(UnixDomainSocketAddress.of(socket));
        Thread thread = new Thread(() -> answerEach(server), "bxctl-training-" + socket.getFileName());
        thread.setDaemon(true);
        thread.start();
        return server;
    }

    /** Answers each request with {@link #REPLY}, until the socket closes; a bare connect gets nothing. */
    private static void answerEach(ServerSocketChannel server) {
        while (server.isOpen()) {
            try (SocketChannel client = server.accept()) {
                ByteBuffer header = ByteBuffer.allocate(Frames.HEADER_BYTES);
                if (readFully(client, header)
                        && readFully(client, ByteBuffer.allocate((int) Frames.readLength(header.array())))) {
                    client.write(ByteBuffer.wrap(REPLY));
                }
            } catch (IOException e) {
                // That connection only; the loop ends when the socket is closed.
            }
        }
    }

    private static boolean readFully(SocketChannel channel, ByteBuffer buffer) throws IOException {
        while (buffer.hasRemaining()) {
            if (channel.read(buffer) < 0) {
                return false;
            }
        }
        return true;
    }
}
