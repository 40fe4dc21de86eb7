package dev.boxmaker.brokerd.runtime;

import java.io.IOException;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/** A memoryd that accepts connections and never answers. */
final class HungServer implements AutoCloseable {
    private final ServerSocketChannel server;
    private final Path path;
    private final List<SocketChannel> held = new CopyOnWriteArrayList<>();
    private final Thread acceptor;

    private HungServer(ServerSocketChannel server, Path path) {
        this.server = server;
        this.path = path;
        this.acceptor = new Thread(() -> {
            try {
                while (true) {
                    held.add(server.accept());
                }
            } catch (IOException e) {
                // closed
            }
        }, "hung-memoryd");
        acceptor.setDaemon(true);
        acceptor.start();
    }

    static HungServer at(Path path) throws IOException {
        Files.createDirectories(path.getParent());
        Files.deleteIfExists(path);
        ServerSocketChannel server = ServerSocketChannel.open(StandardProtocolFamily.UNIX);
        server.bind(UnixDomainSocketAddress.of(path));
        return new HungServer(server, path);
    }

    int accepted() {
        return held.size();
    }

    @Override
    public void close() throws IOException {
        server.close();
        for (SocketChannel c : held) {
            c.close();
        }
        Files.deleteIfExists(path);
    }
}
