package dev.boxmaker.proto.server;

import dev.boxmaker.proto.wire.Frames;
import dev.boxmaker.proto.wire.msg.ErrorReply;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.net.NetSocket;
import io.vertx.core.parsetools.RecordParser;
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
 */
final class Exchange {
    private static final Logger LOG = Logger.getLogger(Exchange.class);
    private static final long NO_TIMER = -1;

    private final SocketServer server;
    private final NetSocket socket;
    private RecordParser parser;
    private long requestTimer = NO_TIMER;
    private long replyTimer = NO_TIMER;
    private long reservedBytes;
    private boolean headerRead;
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
        if (busy) {
            socket.pause();
            answer(SocketServer.BUSY_FRAME);
            return;
        }
        requestTimer = server.vertx().setTimer(server.requestWaitMillis(), id -> timedOut());
        parser = RecordParser.newFixed(Frames.HEADER_BYTES, socket);
        // A read error or the client closing early (a truncated frame) just ends the connection:
        // there is nobody left to read an answer.
        parser.exceptionHandler(e -> socket.close());
        parser.endHandler(ignored -> socket.close());
        parser.handler(this::record);
    }

    private void record(Buffer record) {
        if (record.length() != (headerRead ? reservedBytes : Frames.HEADER_BYTES)) {
            // At end-of-stream the parser hands over what it holds, short: a truncated frame,
            // and nobody left to answer.
            stopReading();
            socket.close();
            return;
        }
        if (!headerRead) {
            header(record);
            return;
        }
        stopReading();
        dispatched = true;
        server.answering();
        server.dispatch(record).onComplete(result -> {
            if (result.failed()) {
                LOG.errorf(result.cause(), "a request on %s could not be handled", server.socket());
            }
            answer(result.succeeded() ? result.result() : SocketServer.FAILED_FRAME);
        });
    }

    private void header(Buffer header) {
        headerRead = true;
        long length = Frames.readLength(header.getBytes());
        String refusal = Frames.checkLength(length);
        if (refusal != null) {
            // Answered now, before reading any more: the rest may be gigabytes.
            stopReading();
            answer(Frames.encode(new ErrorReply(refusal, null)));
            return;
        }
        if (!server.reserve(length)) {
            stopReading();
            answer(SocketServer.BUSY_FRAME);
            return;
        }
        reservedBytes = length;
        parser.fixedSizeMode((int) length);
    }

    private void timedOut() {
        requestTimer = NO_TIMER;
        stopReading();
        answer(SocketServer.TIMED_OUT_FRAME);
    }

    /** Reads nothing more from this connection: one request per connection. */
    private void stopReading() {
        cancel(requestTimer);
        requestTimer = NO_TIMER;
        parser.pause();
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
        }
        cancel(requestTimer);
        cancel(replyTimer);
        server.ended(reservedBytes);
    }

    private void cancel(long timer) {
        if (timer != NO_TIMER) {
            server.vertx().cancelTimer(timer);
        }
    }
}
