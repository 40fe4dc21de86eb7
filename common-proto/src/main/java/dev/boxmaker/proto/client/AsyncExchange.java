package dev.boxmaker.proto.client;

import dev.boxmaker.proto.Sentences;
import dev.boxmaker.proto.client.ClientException.Reason;
import dev.boxmaker.proto.wire.Codec;
import dev.boxmaker.proto.wire.Frames;
import dev.boxmaker.proto.wire.WireException;
import dev.boxmaker.proto.wire.msg.Message;
import io.smallrye.mutiny.subscription.UniEmitter;
import io.vertx.core.Vertx;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.net.NetSocket;
import io.vertx.core.net.impl.NetSocketInternal;
import java.nio.file.Path;
import java.time.Duration;

/**
 * One call of {@link AsyncSocketClient} once connected: write the frame, read one frame back, close.
 * The reply wait runs from the connect, as {@link SocketClient}'s does. Ends once: with the reply, or
 * with a {@link ClientException}; a cancelled call closes its connection.
 */
final class AsyncExchange {
    /** The reply buffer's first capacity; it grows as bytes arrive, never from the declared length alone. */
    private static final int FIRST_CAPACITY_BYTES = 64 * 1024;

    private final Vertx vertx;
    private final Path socket;
    private final byte[] frame;
    private final Duration replyTimeout;
    private final String runbook;
    private final Codec codec;
    private final UniEmitter<? super Message> emitter;
    private final byte[] header = new byte[Frames.HEADER_BYTES];
    private int headerFilled;
    private Buffer payload;
    private long length;
    private long timer = -1;
    private NetSocket connection;
    private boolean done;

    AsyncExchange(Vertx vertx, Path socket, byte[] frame, Duration replyTimeout, String runbook, Codec codec,
            UniEmitter<? super Message> emitter) {
        this.vertx = vertx;
        this.socket = socket;
        this.frame = frame;
        this.replyTimeout = replyTimeout;
        this.runbook = runbook;
        this.codec = codec;
        this.emitter = emitter;
    }

    synchronized boolean isDone() {
        return done;
    }

    /** Runs on the connection's event loop. */
    void connected(NetSocket opened) {
        synchronized (this) {
            if (done) {
                opened.close();
                return;
            }
            connection = opened;
            timer = vertx.setTimer(Math.max(1, replyTimeout.toMillis()), id -> fail(new ClientException(Reason.NO_REPLY,
                    socket, Sentences.noReply(socket, wholeSeconds(replyTimeout), runbook), null)));
        }
        // A server that refuses a request can answer and close before reading all of it; a failed
        // write is not the end, only a connection closed before the whole reply is. Netty closes a
        // channel whose write failed, before its reply is read, unless told not to.
        if (opened instanceof NetSocketInternal internal) {
            internal.channelHandlerContext().channel().config().setAutoClose(false);
        }
        opened.exceptionHandler(ignored -> { });
        // The end, not the close: the end comes after every byte that arrived before it is handed over.
        opened.endHandler(ignored -> fail(lost()));
        opened.handler(this::arrived);
        opened.write(Buffer.buffer(frame));
    }

    private void arrived(Buffer chunk) {
        int at = 0;
        while (headerFilled < Frames.HEADER_BYTES && at < chunk.length()) {
            header[headerFilled++] = chunk.getByte(at++);
        }
        if (headerFilled < Frames.HEADER_BYTES) {
            return;
        }
        if (payload == null) {
            length = Frames.readLength(header);
            String refusal = Frames.checkLength(length);
            if (refusal != null) {
                fail(new ClientException(Reason.BAD_REPLY, socket, Sentences.badReply(socket, refusal, runbook), null));
                return;
            }
            payload = Buffer.buffer((int) Math.min(length, FIRST_CAPACITY_BYTES));
        }
        int take = (int) Math.min(length - payload.length(), chunk.length() - at);
        payload.appendBuffer(chunk, at, take);
        if (payload.length() == length) {
            Message reply;
            try {
                reply = codec.decode(payload.getBytes());
            } catch (WireException e) {
                fail(new ClientException(Reason.BAD_REPLY, socket, Sentences.badReply(socket, e.getMessage(), runbook), e));
                return;
            }
            if (end()) {
                emitter.complete(reply);
            }
        }
    }

    /** Ends the call with {@code failure}, unless it has ended. */
    void fail(ClientException failure) {
        if (end()) {
            emitter.fail(failure);
        }
    }

    /** The call was cancelled or has ended: its connection and timer go. */
    void close() {
        end();
    }

    /** True for the one caller that ends the call; closes the connection and stops the timer. */
    private boolean end() {
        NetSocket open;
        synchronized (this) {
            if (done) {
                return false;
            }
            done = true;
            open = connection;
            if (timer != -1) {
                vertx.cancelTimer(timer);
            }
        }
        if (open != null) {
            open.close();
        }
        return true;
    }

    private ClientException lost() {
        return new ClientException(Reason.CONNECTION_LOST, socket, Sentences.connectionLost(socket, runbook), null);
    }

    /** The wait as the sentence names it: whole seconds, rounded up so it is never "0 seconds". */
    private static long wholeSeconds(Duration wait) {
        return Math.max(1, (wait.toMillis() + 999) / 1000);
    }
}
