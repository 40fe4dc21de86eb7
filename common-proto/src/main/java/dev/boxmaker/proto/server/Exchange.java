package dev.boxmaker.proto.server;

import dev.boxmaker.proto.wire.Frames;
import dev.boxmaker.proto.wire.msg.ErrorReply;
import io.netty.channel.Channel;
import io.netty.channel.ChannelOption;
import io.netty.channel.unix.UnixChannel;
import io.netty.channel.socket.ChannelInputShutdownEvent;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.net.NetSocket;
import io.vertx.core.net.impl.NetSocketInternal;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.concurrent.TimeUnit;
import org.jboss.logging.Logger;

/**
 * One connection's single request and reply. Every method runs on the connection's event loop, so
 * the fields need no locks; the only work done here is framing, and the payload goes to the worker
 * pool whole.
 *
 * <p>The life: read a 4-byte length; refuse an empty or oversized one at once, without reading the
 * rest; read that many bytes; stop reading; answer; close when the answer is written. A deadline runs
 * from accept to the whole frame, and another bounds the reply's write.
 *
 * <p>Memory: the payload's buffer grows as its bytes arrive, never from the declared length alone, so
 * a connection that only announces 16 MiB holds nothing. The first {@link SocketServer#CONNECTION_OWN_BYTES}
 * of each payload are the connection's own; bytes past them are held against the server's shared
 * {@link SocketServer#BUFFERED_BYTES_MAX}, and the connection whose bytes would pass it is answered
 * busy. So a few connections sending large frames can fill the shared part, never the small requests
 * of everyone else.
 *
 * <p>Half-closed clients ({@code nc -N}, socat): the client's end of writing is not the end of the
 * connection. The channel allows half-closure, so a whole request followed by the client's shutdown
 * of its output is still answered; a request cut short by it is closed unanswered, as before.
 */
final class Exchange {
    private static final Logger LOG = Logger.getLogger(Exchange.class);
    private static final long NO_TIMER = -1;
    /** The payload buffer's first capacity; it grows from there as bytes arrive. */
    private static final int FIRST_CAPACITY_BYTES = 4 * 1024;
    /** Nothing, written to learn whether the client can still read (see {@link #clientCanRead}). */
    private static final ByteBuffer NOTHING = ByteBuffer.allocateDirect(1);

    private final SocketServer server;
    private final NetSocket socket;
    private final byte[] header = new byte[Frames.HEADER_BYTES];
    private int headerFilled;
    private long length;
    private Buffer payload;
    private long requestTimer = NO_TIMER;
    private long replyTimer = NO_TIMER;
    /** Bytes of the payload held against the server's shared pool. */
    private long pooledBytes;
    private final Pending pending = new Pending();
    private boolean reading;
    private boolean answered;
    private boolean dispatched;
    private boolean closed;

    Exchange(SocketServer server, NetSocket socket) {
        this.server = server;
        this.socket = socket;
    }

    /** Starts reading, or answers busy at once when the server has too many connections. */
    void begin(boolean busy) {
        socket.closeHandler(ignored -> ended());
        allowHalfClosure();
        if (busy) {
            socket.pause();
            answer(SocketServer.BUSY_FRAME);
            return;
        }
        reading = true;
        requestTimer = server.vertx().setTimer(server.requestWaitMillis(), id -> timedOut());
        // A read error just ends the connection: there is nobody left to read an answer.
        socket.exceptionHandler(e -> socket.close());
        socket.endHandler(ignored -> inputEnded());
        socket.handler(this::arrived);
    }

    /**
     * Keeps the connection open when the client shuts its output: the answer can still reach it.
     * Without it Netty closes the channel at the client's end-of-stream, and a request already read
     * and carried out went unanswered.
     */
    private void allowHalfClosure() {
        if (socket instanceof NetSocketInternal internal) {
            internal.channelHandlerContext().channel().config().setOption(ChannelOption.ALLOW_HALF_CLOSURE, true);
            internal.eventHandler(event -> {
                if (event instanceof ChannelInputShutdownEvent) {
                    inputEnded();
                }
            });
        }
    }

    /**
     * The client will send nothing more: a request cut short is closed unanswered; a whole one is
     * answered, unless the client closed its end entirely, when its handler hears that it has gone.
     */
    private void inputEnded() {
        if (reading) {
            stopReading();
            socket.close();
        } else if (dispatched && !answered && !clientCanRead()) {
            pending.clientGone();
            socket.close();
        }
        // After the decision: a test waits for this line to know the end of input was dealt with.
        LOG.debugf("the client on %s ended its input", server.socket());
    }

    /**
     * Whether the client's end is still open for reading. A half-closed client and one that closed
     * entirely look alike to a reader (end-of-stream); a write of nothing tells them apart, as it
     * fails ({@code EPIPE}) only when the other end is closed. True when it cannot be asked.
     */
    private boolean clientCanRead() {
        if (!(socket instanceof NetSocketInternal internal)) {
            return true;
        }
        Channel channel = internal.channelHandlerContext().channel();
        if (!(channel instanceof UnixChannel unix)) {
            return true;
        }
        try {
            unix.fd().write(NOTHING, 0, 0);
            return true;
        } catch (IOException e) {
            return false;
        }
    }

    private void arrived(Buffer chunk) {
        if (!reading) {
            return;
        }
        int at = 0;
        while (headerFilled < Frames.HEADER_BYTES && at < chunk.length()) {
            header[headerFilled++] = chunk.getByte(at++);
        }
        if (headerFilled < Frames.HEADER_BYTES) {
            return;
        }
        if (payload == null && !header()) {
            return;
        }
        int take = (int) Math.min(length - payload.length(), chunk.length() - at);
        if (take > 0 && !hold(take)) {
            stopReading();
            answer(SocketServer.BUSY_FRAME);
            return;
        }
        payload.appendBuffer(chunk, at, take);
        if (payload.length() == length) {
            stopReading();
            dispatch();
        }
    }

    /** Reads the length; false when it was refused (answered already). */
    private boolean header() {
        length = Frames.readLength(header);
        String refusal = server.checkLength(length);
        if (refusal != null) {
            // Answered now, before reading any more: the rest may be gigabytes.
            stopReading();
            answer(Frames.encode(new ErrorReply(refusal, null)));
            return false;
        }
        payload = Buffer.buffer((int) Math.min(length, FIRST_CAPACITY_BYTES));
        return true;
    }

    /** Counts {@code bytes} more of payload; false when the shared pool cannot hold their part of it. */
    private boolean hold(int bytes) {
        long before = Math.max(0, payload.length() - SocketServer.CONNECTION_OWN_BYTES);
        long after = Math.max(0, payload.length() + bytes - SocketServer.CONNECTION_OWN_BYTES);
        long more = after - before;
        if (more > 0) {
            if (!server.reserve(more)) {
                return false;
            }
            pooledBytes += more;
        }
        return true;
    }

    private void dispatch() {
        dispatched = true;
        server.answering();
        server.dispatch(payload, pending).onComplete(result -> {
            if (result.failed()) {
                LOG.errorf(result.cause(), "a request on %s could not be handled", server.socket());
            }
            answer(result.succeeded() ? result.result() : SocketServer.FAILED_FRAME);
        });
    }

    private void timedOut() {
        requestTimer = NO_TIMER;
        stopReading();
        answer(SocketServer.TIMED_OUT_FRAME);
    }

    /** Reads nothing more from this connection: one request per connection. */
    private void stopReading() {
        reading = false;
        cancel(requestTimer);
        requestTimer = NO_TIMER;
        socket.pause();
    }

    /** Writes the one reply, then closes once it is written (or after a bounded wait for it). */
    private void answer(byte[] frame) {
        if (answered || closed) {
            return;
        }
        answered = true;
        replyTimer = server.vertx().setTimer(TimeUnit.SECONDS.toMillis(SocketServer.REPLY_WRITE_SECONDS),
                id -> socket.close());
        socket.write(Buffer.buffer(frame)).onComplete(ignored -> socket.close());
    }

    private void ended() {
        if (closed) {
            return;
        }
        closed = true;
        if (dispatched) {
            server.answered();
            if (!answered) {
                pending.clientGone();
            }
        }
        cancel(requestTimer);
        cancel(replyTimer);
        server.ended(pooledBytes);
    }

    private void cancel(long timer) {
        if (timer != NO_TIMER) {
            server.vertx().cancelTimer(timer);
        }
    }
}
