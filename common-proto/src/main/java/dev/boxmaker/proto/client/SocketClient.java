package dev.boxmaker.proto.client;

import dev.boxmaker.proto.Sentences;
import dev.boxmaker.proto.client.ClientException.Reason;
import dev.boxmaker.proto.wire.Codec;
import dev.boxmaker.proto.wire.Frames;
import dev.boxmaker.proto.wire.WireException;
import dev.boxmaker.proto.wire.msg.Message;
import java.io.IOException;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.SocketChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Objects;

/**
 * The blocking client of wire.md: one request per connection (connect, write one frame, read one
 * frame, close), on the JDK alone so that bxctl starts fast and daemons can call from worker
 * threads. Safe to call from many threads at once.
 *
 * <p>Timeouts: a Unix {@code SocketChannel} has no SO_TIMEOUT, and its non-blocking connect fails
 * at once on a full backlog instead of waiting, so each phase runs in blocking mode under a
 * {@link Watchdog} that closes the channel at the deadline, which ends the blocked call. The connect
 * has its own wait; writing the request and reading the whole reply share the reply wait.
 */
public final class SocketClient {
    private SocketClient() {
    }

    /** {@link #call(Path, Message, Duration, Duration, String)} with wire.md's waits for the kind. */
    public static Message call(Path socket, Message request, String runbook) throws ClientException {
        return call(socket, request, Wait.connect(), Wait.reply(request.kind()), runbook);
    }

    /**
     * Sends {@code request} and returns the reply, an {@code ErrorReply} included: what an error
     * means is the caller's to decide.
     *
     * @param runbook the runbook entry a failure's sentence names
     * @throws ClientException when no usable reply came; its message is the sentence to show
     * @throws dev.boxmaker.proto.wire.WireException when the request itself is too large to frame,
     *                                               a caller's bug, before anything is sent
     */
    public static Message call(Path socket, Message request, Duration connectTimeout, Duration replyTimeout,
            String runbook) throws ClientException {
        return call(socket, request, connectTimeout, replyTimeout, runbook, Codec.TREE);
    }

    /**
     * As {@link #call(Path, Message, Duration, Duration, String)}, with {@code codec} making the
     * request's frame and reading the reply: {@link Codec#LIGHT} for a client that should start
     * without jackson-databind, such as bxctl.
     */
    public static Message call(Path socket, Message request, Duration connectTimeout, Duration replyTimeout,
            String runbook, Codec codec) throws ClientException {
        Objects.requireNonNull(runbook, "runbook");
        byte[] frame = codec.encode(request);
        SocketChannel channel;
        try {
            channel = SocketChannel.open(StandardProtocolFamily.UNIX);
        } catch (IOException e) {
            throw new ClientException(Reason.NO_DAEMON, socket, Sentences.noDaemon(socket, runbook), e);
        }
        try {
            connect(channel, socket, connectTimeout, runbook);
            return exchange(channel, socket, frame, replyTimeout, runbook, codec);
        } finally {
            try {
                channel.close();
            } catch (IOException ignored) {
                // The reply, or the failure, is already in hand; a failed close changes neither.
            }
        }
    }

    private static void connect(SocketChannel channel, Path socket, Duration timeout, String runbook)
            throws ClientException {
        Watchdog watchdog = Watchdog.arm(channel, timeout);
        IOException failure = null;
        try {
            channel.connect(UnixDomainSocketAddress.of(socket));
        } catch (IOException e) {
            failure = e;
        }
        if (watchdog.disarm()) {
            throw new ClientException(Reason.CONNECT_TIMED_OUT, socket,
                    Sentences.connectTimedOut(socket, timeout.toMillis(), runbook), failure);
        }
        if (failure != null) {
            if (notPermitted(socket)) {
                throw new ClientException(Reason.NOT_PERMITTED, socket, Sentences.notPermitted(socket, runbook), failure);
            }
            // No file, or a file nobody listens on (refused): both mean no daemon is there.
            throw new ClientException(Reason.NO_DAEMON, socket, Sentences.noDaemon(socket, runbook), failure);
        }
    }

    /**
     * Whether a failed connect was this user's permission ({@code EACCES}): the socket, or a folder
     * on its way, is there but not this user's to open. Asked of the file system, not of the
     * exception's text, which is the C library's and may be translated.
     */
    private static boolean notPermitted(Path socket) {
        // notExists is false when the file's existence cannot be told: a folder this user may not search.
        return !Files.notExists(socket) && !Files.isWritable(socket);
    }

    private static Message exchange(SocketChannel channel, Path socket, byte[] frame, Duration timeout,
            String runbook, Codec codec) throws ClientException {
        Watchdog watchdog = Watchdog.arm(channel, timeout);
        try {
            write(channel, frame);
            Message reply = read(channel, socket, runbook, codec);
            watchdog.disarm();
            return reply;
        } catch (IOException e) {
            if (watchdog.disarm()) {
                throw new ClientException(Reason.NO_REPLY, socket,
                        Sentences.noReply(socket, wholeSeconds(timeout), runbook), e);
            }
            throw new ClientException(Reason.CONNECTION_LOST, socket, Sentences.connectionLost(socket, runbook), e);
        } catch (ClientException e) {
            watchdog.disarm();
            throw e;
        }
    }

    /**
     * Writes the whole frame. A server that refuses a request can answer and close before reading
     * all of it; the write then fails, and the answer is still there to read, so only a closed
     * channel (the deadline) ends the call here.
     */
    private static void write(SocketChannel channel, byte[] frame) throws IOException {
        ByteBuffer out = ByteBuffer.wrap(frame);
        try {
            while (out.hasRemaining()) {
                channel.write(out);
            }
        } catch (IOException e) {
            if (!channel.isOpen()) {
                throw e;
            }
        }
    }

    private static Message read(SocketChannel channel, Path socket, String runbook, Codec codec)
            throws IOException, ClientException {
        ByteBuffer header = ByteBuffer.allocate(Frames.HEADER_BYTES);
        if (!readFully(channel, header)) {
            throw lost(socket, runbook);
        }
        long length = Frames.readLength(header.array());
        String refusal = Frames.checkLength(length);
        if (refusal != null) {
            throw new ClientException(Reason.BAD_REPLY, socket, Sentences.badReply(socket, refusal, runbook), null);
        }
        ByteBuffer body = ByteBuffer.allocate((int) length);
        if (!readFully(channel, body)) {
            throw lost(socket, runbook);
        }
        try {
            return codec.decode(body.array());
        } catch (WireException e) {
            throw new ClientException(Reason.BAD_REPLY, socket, Sentences.badReply(socket, e.getMessage(), runbook), e);
        }
    }

    /** Fills {@code buffer}; false when the server closed first. */
    private static boolean readFully(SocketChannel channel, ByteBuffer buffer) throws IOException {
        while (buffer.hasRemaining()) {
            if (channel.read(buffer) < 0) {
                return false;
            }
        }
        return true;
    }

    private static ClientException lost(Path socket, String runbook) {
        return new ClientException(Reason.CONNECTION_LOST, socket, Sentences.connectionLost(socket, runbook), null);
    }

    /** The wait as the sentence names it: whole seconds, rounded up so it is never "0 seconds". */
    private static long wholeSeconds(Duration wait) {
        return Math.max(1, (wait.toMillis() + 999) / 1000);
    }
}
