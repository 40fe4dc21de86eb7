package dev.boxmaker.memoryd.it;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A loopback port that counts the connections made to it and closes each at once: where ambient
 * configuration would send memoryd's Honcho calls (a URL, a proxy), so that a test sees whether any
 * connection was made at all, not only whether a request was understood.
 */
final class Decoy implements AutoCloseable {
    private final ServerSocket server;
    private final AtomicInteger connections = new AtomicInteger();

    private Decoy(ServerSocket server) {
        this.server = server;
    }

    /** Listening on 127.0.0.1 and a free port. */
    static Decoy start() throws IOException {
        Decoy decoy = new Decoy(new ServerSocket(0, 50, InetAddress.getLoopbackAddress()));
        Thread accepting = new Thread(decoy::accept, "decoy");
        accepting.setDaemon(true);
        accepting.start();
        return decoy;
    }

    private void accept() {
        while (!server.isClosed()) {
            try (Socket ignored = server.accept()) {
                connections.incrementAndGet();
            } catch (IOException closed) {
                return;
            }
        }
    }

    /** {@code 127.0.0.1:port}. */
    String address() {
        return server.getInetAddress().getHostAddress() + ":" + server.getLocalPort();
    }

    /** {@code http://127.0.0.1:port}. */
    String url() {
        return "http://" + address();
    }

    int connections() {
        return connections.get();
    }

    @Override
    public void close() throws IOException {
        server.close();
    }
}
