package dev.boxmaker.memoryd.honcho.client;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.IntPredicate;

/**
 * Test support: an HTTP server on loopback that answers every request {@code 200}, JSON, with a body it
 * never finishes: a byte every {@link #TRICKLE_MILLIS}, so no idle timeout fires. It counts the
 * connections open now (accepted and not yet closed by the client, seen by a read that ends) and the
 * most ever open at once, and lets a test wait for a count instead of sleeping.
 */
public final class TricklingServer implements AutoCloseable {
    /** Between two bytes of an answer. */
    public static final long TRICKLE_MILLIS = 1000;
    private static final int REQUEST_HEAD_BYTES_MAX = 64 * 1024;
    private static final byte[] HEAD = ("HTTP/1.1 200 OK\r\nContent-Type: application/json\r\n"
            + "Content-Length: 1000000\r\n\r\n[").getBytes(StandardCharsets.US_ASCII);

    private final ServerSocket server;
    private final ScheduledExecutorService trickle = Executors.newScheduledThreadPool(1, r -> daemon(r, "trickle"));
    private final List<Socket> sockets = new ArrayList<>();
    private final List<String> requestLines = new ArrayList<>();
    private int open;
    private int openMost;
    private int accepted;

    private TricklingServer() throws IOException {
        server = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
        daemon(this::accept, "trickling-accept").start();
    }

    public static TricklingServer start() throws IOException {
        return new TricklingServer();
    }

    /** Its address, without {@code /v3}. */
    public URI url() {
        return URI.create("http://127.0.0.1:" + server.getLocalPort());
    }

    public synchronized int open() {
        return open;
    }

    /** The most connections open at once so far. */
    public synchronized int openMost() {
        return openMost;
    }

    public synchronized int accepted() {
        return accepted;
    }

    /** Each request's first line ({@code POST /v3/workspaces/…/search HTTP/1.1}), in order of arrival. */
    public synchronized List<String> requestLines() {
        return List.copyOf(requestLines);
    }

    /** Waits at most {@code max} until the number of open connections passes {@code test}; whether it did. */
    public synchronized boolean awaitOpen(IntPredicate test, Duration max) throws InterruptedException {
        long end = System.nanoTime() + max.toNanos();
        for (long left = max.toNanos(); !test.test(open); left = end - System.nanoTime()) {
            if (left <= 0) {
                return false;
            }
            TimeUnit.NANOSECONDS.timedWait(this, left);
        }
        return true;
    }

    private void accept() {
        while (!server.isClosed()) {
            try {
                Socket socket = server.accept();
                synchronized (this) {
                    sockets.add(socket);
                    accepted++;
                    openMost = Math.max(openMost, ++open);
                    notifyAll();
                }
                daemon(() -> serve(socket), "trickling-" + socket.getPort()).start();
            } catch (IOException e) {
                return; // closed
            }
        }
    }

    /** Reads the request's head, trickles the answer, and reads on until the client closes. */
    private void serve(Socket socket) {
        try (socket) {
            InputStream in = socket.getInputStream();
            StringBuilder head = new StringBuilder();
            int b;
            while (head.length() < REQUEST_HEAD_BYTES_MAX && !head.toString().endsWith("\r\n\r\n")
                    && (b = in.read()) >= 0) {
                head.append((char) b);
            }
            if (!head.toString().endsWith("\r\n\r\n")) {
                return; // closed before its request was sent (a client closed while it connected)
            }
            synchronized (this) {
                requestLines.add(head.substring(0, head.indexOf("\r\n")));
            }
            OutputStream out = socket.getOutputStream();
            out.write(HEAD);
            out.flush();
            trickle.scheduleAtFixedRate(() -> {
                try {
                    out.write(' ');
                    out.flush();
                } catch (IOException e) {
                    throw new IllegalStateException("closed", e); // ends this trickle
                }
            }, TRICKLE_MILLIS, TRICKLE_MILLIS, TimeUnit.MILLISECONDS);
            while (in.read() >= 0) {
                // the request's body, and nothing after it: the client sends nothing more on this connection
            }
        } catch (IOException e) {
            // reset by the client: closed too
        } finally {
            synchronized (this) {
                open--;
                notifyAll();
            }
        }
    }

    private static Thread daemon(Runnable r, String name) {
        Thread t = new Thread(r, name);
        t.setDaemon(true);
        return t;
    }

    @Override
    public void close() throws IOException {
        trickle.shutdownNow();
        server.close();
        synchronized (this) {
            for (Socket s : sockets) {
                s.close();
            }
        }
    }
}
