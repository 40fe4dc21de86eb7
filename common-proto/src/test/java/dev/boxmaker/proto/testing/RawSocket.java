package dev.boxmaker.proto.testing;

import dev.boxmaker.proto.wire.Envelope;
import dev.boxmaker.proto.wire.Frames;
import dev.boxmaker.proto.wire.msg.ErrorReply;
import dev.boxmaker.proto.wire.msg.Message;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;

/**
 * Sends arbitrary bytes over a Unix socket (bad frames, truncated frames, lengths that lie) and
 * collects what comes back until the server closes or a wait ends. For tests of any socket server
 * built on {@code SocketServer}; shipped in common-proto's test-jar.
 */
public final class RawSocket implements AutoCloseable {
    /** How long {@link #send} waits for the server to answer and close, by default. */
    public static final Duration WAIT = Duration.ofSeconds(10);

    private static final int READ_CHUNK_BYTES = 64 * 1024;

    private final SocketChannel channel;

    private RawSocket(SocketChannel channel) {
        this.channel = channel;
    }

    /** Connects, in blocking mode; writes go out whole. */
    public static RawSocket open(Path socket) throws IOException {
        SocketChannel channel = SocketChannel.open(StandardProtocolFamily.UNIX);
        try {
            channel.connect(UnixDomainSocketAddress.of(socket));
        } catch (IOException e) {
            channel.close();
            throw e;
        }
        return new RawSocket(channel);
    }

    /** Connects, writes {@code bytes}, and collects the answer until the server closes (or {@link #WAIT}). */
    public static Received send(Path socket, byte[] bytes) throws IOException {
        try (RawSocket raw = open(socket)) {
            raw.write(bytes);
            return raw.receive(WAIT);
        }
    }

    /**
     * Writes {@code bytes}, and reports whether they all went out. A server may answer and close
     * before reading everything (an oversized length), so a failed write is not a test failure:
     * what the server sent back is still there to read.
     */
    public boolean write(byte[] bytes) {
        ByteBuffer out = ByteBuffer.wrap(bytes);
        try {
            while (out.hasRemaining()) {
                channel.write(out);
            }
            return true;
        } catch (IOException e) {
            return false;
        }
    }

    /** Ends this side's writing: the server sees end-of-stream, as if the client had gone. */
    public void shutdownOutput() {
        try {
            channel.shutdownOutput();
        } catch (IOException ignored) {
            // Already closed by the server: end-of-stream is what we meant anyway.
        }
    }

    /** Reads until the server closes the connection or {@code wait} passes. */
    public Received receive(Duration wait) throws IOException {
        ByteArrayOutputStream in = new ByteArrayOutputStream();
        long deadline = System.nanoTime() + wait.toNanos();
        channel.configureBlocking(false);
        try (Selector selector = Selector.open()) {
            channel.register(selector, SelectionKey.OP_READ);
            ByteBuffer chunk = ByteBuffer.allocate(READ_CHUNK_BYTES);
            while (true) {
                long leftMillis = (deadline - System.nanoTime()) / 1_000_000;
                if (leftMillis <= 0) {
                    return new Received(in.toByteArray(), false);
                }
                selector.select(leftMillis);
                selector.selectedKeys().clear();
                chunk.clear();
                int n;
                try {
                    n = channel.read(chunk);
                } catch (IOException reset) {
                    // A server that closes with our bytes unread resets the connection: closed.
                    return new Received(in.toByteArray(), true);
                }
                if (n < 0) {
                    return new Received(in.toByteArray(), true);
                }
                in.write(chunk.array(), 0, n);
            }
        } finally {
            channel.configureBlocking(true);
        }
    }

    @Override
    public void close() throws IOException {
        channel.close();
    }

    /** A 4-byte big-endian length, as an unsigned number (any value, lies included). */
    public static byte[] header(long length) {
        return ByteBuffer.allocate(Frames.HEADER_BYTES).putInt((int) length).array();
    }

    /** A frame around {@code payload} with no checks at all (empty and oversized allowed). */
    public static byte[] frame(byte[] payload) {
        return ByteBuffer.allocate(Frames.HEADER_BYTES + payload.length).putInt(payload.length).put(payload).array();
    }

    /** A frame around {@code json}'s UTF-8 bytes. */
    public static byte[] frame(String json) {
        return frame(json.getBytes(StandardCharsets.UTF_8));
    }

    /** What a server sent back, and whether it closed the connection. */
    public record Received(byte[] bytes, boolean closed) {
        public boolean isEmpty() {
            return bytes.length == 0;
        }

        /** The one whole frame received, decoded; fails when there is not exactly one. */
        public Message message() {
            if (bytes.length < Frames.HEADER_BYTES) {
                throw new AssertionError("expected one frame, got " + bytes.length + " bytes (closed: " + closed + ")");
            }
            long length = Frames.readLength(bytes);
            if (bytes.length != Frames.HEADER_BYTES + length) {
                throw new AssertionError("expected one frame of " + length + " bytes, got " + bytes.length + " in all");
            }
            return Envelope.decode(Arrays.copyOfRange(bytes, Frames.HEADER_BYTES, bytes.length));
        }

        /** The one error frame received; fails when what came back is anything else. */
        public ErrorReply error() {
            Message message = message();
            if (!(message instanceof ErrorReply error)) {
                throw new AssertionError("expected an error frame, got " + message);
            }
            return error;
        }
    }
}
