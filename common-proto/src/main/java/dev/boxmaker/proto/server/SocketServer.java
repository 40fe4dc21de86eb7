package dev.boxmaker.proto.server;

import dev.boxmaker.proto.Sentences;
import dev.boxmaker.proto.wire.Frames;
import dev.boxmaker.proto.wire.Kinds;
import dev.boxmaker.proto.wire.msg.ErrorReply;
import io.vertx.core.Context;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.WorkerExecutor;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.net.NetServer;
import io.vertx.core.net.NetServerOptions;
import io.vertx.core.net.NetSocket;
import io.vertx.core.net.SocketAddress;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.IntSupplier;
import org.jboss.logging.Logger;

/**
 * A Unix-socket server speaking wire.md's frames, one request per connection, on Vert.x with the
 * native transport. Each role's daemon gives it a socket path and one {@link Handler} per kind it
 * serves; the server does the framing, the limits, the refusals and the socket file's life.
 *
 * <p>{@link #start()} and {@link #close()} block (each for a bounded time) and must be called off the
 * event loop, for example from {@code main} or a start-up observer. The {@code Vertx} belongs to the
 * caller, which closes it after this server.
 *
 * <p>Threads: the event loop only frames bytes and writes replies; decoding and handlers run on a
 * worker pool of {@link #WORKER_THREADS} threads owned by this server. Its queue needs no bound of
 * its own: each connection holds at most one task, and connections are bounded. An {@link AsyncHandler}
 * returns a stage instead of a reply and frees its worker at once; the reply is written when the
 * stage completes, so a request waiting on something else (an owner's approval) holds no thread.
 */
public final class SocketServer implements AutoCloseable {
    /** How long a client has, from accept, to send its whole request frame (wire.md). */
    public static final int REQUEST_WAIT_SECONDS = 10;
    /** How long a reply may take to drain to a client that reads slowly; then the connection closes. */
    public static final int REPLY_WRITE_SECONDS = 60;
    /** Connections open at once; past it a new one is answered {@code SERVER_BUSY}. */
    public static final int CONNECTIONS_MAX = 1_024;
    /**
     * Request bytes held at once across connections beyond each one's own {@link #CONNECTION_OWN_BYTES}
     * (16 frames at the limit), counted as they arrive; the connection whose bytes would pass it is
     * answered busy.
     */
    public static final long BUFFERED_BYTES_MAX = 256L * 1024 * 1024;
    /**
     * The bytes of a request each connection holds outside the shared pool, so that connections
     * filling the pool with large frames never starve small requests (at most 64 MiB in all, over
     * {@link #CONNECTIONS_MAX} connections).
     */
    public static final int CONNECTION_OWN_BYTES = 64 * 1024;
    /** The worker pool: handlers that wait on disks, SQLite or HTTP run here, this many at once. */
    public static final int WORKER_THREADS = 16;
    /** Vert.x's blocked-thread warning for a handler: above the longest client wait (reindex, 30 min). */
    public static final int HANDLER_WARN_MINUTES = 31;
    /** The bound on {@link #start()}'s wait for the listen. */
    public static final int START_WAIT_SECONDS = 10;
    /** The bound on {@link #close()}'s wait for answers and running handlers together, then for the listener. */
    public static final int CLOSE_WAIT_SECONDS = 10;

    private static final Logger LOG = Logger.getLogger(SocketServer.class);

    static final byte[] BUSY_FRAME = Frames.encode(new ErrorReply(Sentences.SERVER_BUSY, null));
    static final byte[] FAILED_FRAME = Frames.encode(new ErrorReply(Sentences.SERVER_FAILED, null));
    static final byte[] TIMED_OUT_FRAME = Frames.encode(new ErrorReply(Sentences.REQUEST_TIMED_OUT, null));

    private final Vertx vertx;
    private final Path socket;
    private final String name;
    private final Responder responder;
    private final long requestWaitMillis;
    private final long requestBytesMax;
    private final String tooLarge;
    private final AtomicInteger connections = new AtomicInteger();
    private final AtomicLong bufferedBytes = new AtomicLong();
    /** Connections whose request was read and whose connection has not closed yet. */
    private final AtomicInteger answering = new AtomicInteger();
    private volatile boolean closing;
    private volatile NetServer server;
    private volatile WorkerExecutor workers;

    /** A server that gives each client {@link #REQUEST_WAIT_SECONDS} for its request. */
    public SocketServer(Vertx vertx, Path socket, String name, Map<String, ? extends Handler<?>> handlers) {
        this(vertx, socket, name, handlers, Duration.ofSeconds(REQUEST_WAIT_SECONDS));
    }

    /**
     * A server with its own request wait (tests shorten it).
     *
     * @param name     names this server in logs and its worker threads, for example {@code "loop-memory"}
     * @param handlers one handler per kind this socket serves; every other kind is refused
     */
    public SocketServer(Vertx vertx, Path socket, String name, Map<String, ? extends Handler<?>> handlers,
            Duration requestWait) {
        this(vertx, socket, name, handlers, requestWait, Frames.FRAME_BYTES_MAX, null);
    }

    /**
     * A server whose requests are held to fewer bytes than a frame may have, for a socket whose
     * kinds are all small: a request frame over {@code requestBytesMax} is answered {@code tooLarge}
     * at its length prefix, before any of it is read, so it never takes a handler's memory.
     *
     * @param requestBytesMax at most {@link Frames#FRAME_BYTES_MAX}
     * @param tooLarge        the refusal of a longer request
     */
    public SocketServer(Vertx vertx, Path socket, String name, Map<String, ? extends Handler<?>> handlers,
            Duration requestWait, long requestBytesMax, String tooLarge) {
        if (requestBytesMax < 1 || requestBytesMax > Frames.FRAME_BYTES_MAX
                || (requestBytesMax < Frames.FRAME_BYTES_MAX && tooLarge == null)) {
            throw new IllegalArgumentException("a request limit needs 1 to 16 MiB and its refusal");
        }
        this.requestBytesMax = requestBytesMax;
        this.tooLarge = tooLarge;
        this.vertx = Objects.requireNonNull(vertx, "vertx");
        if (!vertx.isNativeTransportEnabled()) {
            throw new ServerStartException(Sentences.NATIVE_TRANSPORT_MISSING, vertx.unavailableNativeTransportCause());
        }
        this.socket = socket.toAbsolutePath();
        this.name = Objects.requireNonNull(name, "name");
        Map<String, Handler<?>> served = Map.copyOf(handlers);
        for (String kind : served.keySet()) {
            if (Kinds.type(kind) == null) {
                throw new IllegalArgumentException("no message kind is called \"" + kind + "\"");
            }
        }
        if (requestWait.isNegative() || requestWait.isZero()) {
            throw new IllegalArgumentException("the request wait must be positive");
        }
        this.requestWaitMillis = requestWait.toMillis();
        this.responder = new Responder(this.name, served);
    }

    /**
     * Prepares the socket's directory, clears a stale socket, listens, and sets the socket 0600.
     * Blocks until listening, at most {@link #START_WAIT_SECONDS}.
     *
     * @throws ServerStartException with a fixed sentence naming the path, when it refuses or fails
     */
    public void start() {
        offEventLoop("start");
        if (server != null) {
            throw new IllegalStateException(name + " is already started");
        }
        SocketFiles.createDirectories(socket.getParent());
        SocketFiles.clearStale(socket);
        workers = vertx.createSharedWorkerExecutor("bx-" + name, WORKER_THREADS, HANDLER_WARN_MINUTES, TimeUnit.MINUTES);
        NetServer net = vertx.createNetServer(new NetServerOptions()).connectHandler(this::accept);
        try {
            await(net.listen(SocketAddress.domainSocketAddress(socket.toString())), START_WAIT_SECONDS);
            SocketFiles.restrictSocket(socket);
        } catch (IOException | ExecutionException | TimeoutException | RuntimeException e) {
            quietly(net.close(), workers.close());
            throw new ServerStartException(Sentences.listenFailed(socket), e instanceof ExecutionException ? e.getCause() : e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            quietly(net.close(), workers.close());
            throw new ServerStartException(Sentences.listenFailed(socket), e);
        }
        server = net;
        LOG.infof("%s: listening on %s", name, socket);
    }

    /** The socket's absolute path. */
    public Path socket() {
        return socket;
    }

    /**
     * Answers new connections busy, waits for the requests already read to be answered, stops
     * listening, waits for handlers still running (these two waits together at most
     * {@link #CLOSE_WAIT_SECONDS}), then stops the worker pool, which interrupts a handler still
     * running, and makes sure the socket file is gone. Blocks; call it off the event loop. Closing
     * twice is harmless.
     *
     * <p>The answers come first because closing the listener closes every connection it accepted: a
     * reply not yet written (a handler finishing, brokerd's waiting calls answered at its stop) was
     * lost, and the client, told nothing, could make a call that had run once again.
     */
    @Override
    public void close() {
        offEventLoop("close");
        NetServer net = server;
        if (net == null) {
            return;
        }
        server = null;
        closing = true;
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(CLOSE_WAIT_SECONDS);
        awaitZero(answering::get, deadline);
        try {
            await(net.close(), CLOSE_WAIT_SECONDS);
        } catch (ExecutionException | TimeoutException e) {
            LOG.warnf(e, "%s: the listener on %s did not close cleanly", name, socket);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        awaitZero(responder::running, deadline);
        if (responder.running() > 0) {
            LOG.warnf("%s: %d handlers still running after %d seconds are interrupted", name, responder.running(),
                    CLOSE_WAIT_SECONDS);
        }
        quietly(workers.close());
        removeSocketFile();
        LOG.infof("%s: stopped listening on %s", name, socket);
    }

    // Package-private: the parts of a connection's exchange that belong to the whole server.

    Vertx vertx() {
        return vertx;
    }

    long requestWaitMillis() {
        return requestWaitMillis;
    }

    /**
     * The refusal of a request frame of {@code length} bytes (wire.md's, or this server's own
     * smaller limit's), or null when it is allowed.
     */
    String checkLength(long length) {
        String refusal = Frames.checkLength(length);
        return refusal == null && length > requestBytesMax ? tooLarge : refusal;
    }

    /** Holds {@code bytes} of request against {@link #BUFFERED_BYTES_MAX}; false when that would pass it. */
    boolean reserve(long bytes) {
        if (bufferedBytes.addAndGet(bytes) > BUFFERED_BYTES_MAX) {
            bufferedBytes.addAndGet(-bytes);
            return false;
        }
        return true;
    }

    /** Handlers running now (tests). */
    int handlersRunning() {
        return responder.running();
    }

    /** A connection's whole request was read: close waits for its answer. */
    void answering() {
        answering.incrementAndGet();
    }

    /** A connection whose request was read has closed. */
    void answered() {
        answering.decrementAndGet();
    }

    /** A connection has closed; gives back its place and its bytes. */
    void ended(long reservedBytes) {
        bufferedBytes.addAndGet(-reservedBytes);
        connections.decrementAndGet();
    }

    /**
     * The reply frame to a whole request frame's payload, computed on the worker pool. Called on the
     * connection's event loop; an {@link AsyncHandler}'s later reply comes back to that event loop.
     */
    Future<byte[]> dispatch(Buffer payload, Pending pending) {
        Context context = vertx.getOrCreateContext();
        return workers.executeBlocking(() -> responder.respond(payload, pending), false)
                .compose(stage -> Future.fromCompletionStage(stage, context));
    }

    private void accept(NetSocket connection) {
        boolean busy = connections.incrementAndGet() > CONNECTIONS_MAX || closing;
        new Exchange(this, connection).begin(busy);
    }

    /** Waits until {@code count} is zero or the deadline (a {@link System#nanoTime} value) passes. */
    private static void awaitZero(IntSupplier count, long deadline) {
        while (count.getAsInt() > 0 && System.nanoTime() < deadline) {
            try {
                Thread.sleep(10);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
    }

    /** Vert.x removes the socket file on close; this makes sure, and removes only a socket. */
    private void removeSocketFile() {
        try {
            if (SocketFiles.isSocket(socket)) {
                Files.delete(socket);
            }
        } catch (IOException e) {
            LOG.warnf(e, "%s: could not remove %s", name, socket);
        }
    }

    private static <T> T await(Future<T> future, int seconds)
            throws ExecutionException, TimeoutException, InterruptedException {
        return future.toCompletionStage().toCompletableFuture().get(seconds, TimeUnit.SECONDS);
    }

    /** Waits a bounded time for clean-up futures whose failure changes nothing more. */
    private void quietly(Future<?>... futures) {
        for (Future<?> future : futures) {
            try {
                await(future, CLOSE_WAIT_SECONDS);
            } catch (ExecutionException | TimeoutException e) {
                LOG.debugf(e, "%s: clean-up did not finish", name);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
    }

    private void offEventLoop(String what) {
        if (Context.isOnEventLoopThread()) {
            throw new IllegalStateException(what + "() blocks, so it must not be called on an event loop");
        }
    }
}
