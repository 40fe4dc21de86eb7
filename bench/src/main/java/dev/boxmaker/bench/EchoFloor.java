package dev.boxmaker.bench;

import java.io.IOException;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.nio.file.Path;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/**
 * The floor: a minimal JDK Unix-socket server that reads one frame and answers with a fixed frame
 * of the same size memoryd would send, one request per connection, a thread per connection.
 */
final class EchoFloor implements AutoCloseable {
    private final ServerSocketChannel server;
    private final ExecutorService pool = Executors.newCachedThreadPool(r -> {
        Thread t = new Thread(r, "echo-floor");
        t.setDaemon(true);
        return t;
    });
    private final byte[] reply;

    EchoFloor(Path socket, byte[] reply) throws IOException {
        this.reply = reply;
        server = ServerSocketChannel.open(StandardProtocolFamily.UNIX);
        server.bind(UnixDomainSocketAddress.of(socket));
        pool.submit(this::accept);
    }

    private void accept() {
        while (server.isOpen()) {
            try {
                SocketChannel channel = server.accept();
                pool.submit(() -> serve(channel));
            } catch (IOException e) {
                return;
            }
        }
    }

    private void serve(SocketChannel channel) {
        try (channel) {
            ByteBuffer header = ByteBuffer.allocate(4);
            while (header.hasRemaining() && channel.read(header) >= 0) {
                // reading the length
            }
            ByteBuffer body = ByteBuffer.allocate(header.flip().getInt());
            while (body.hasRemaining() && channel.read(body) >= 0) {
                // reading the body
            }
            ByteBuffer out = ByteBuffer.wrap(reply);
            while (out.hasRemaining()) {
                channel.write(out);
            }
        } catch (IOException e) {
            // the client went away; nothing to do
        }
    }

    @Override
    public void close() throws IOException {
        server.close();
        pool.shutdownNow();
    }
}
