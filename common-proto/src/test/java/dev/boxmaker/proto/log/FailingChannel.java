package dev.boxmaker.proto.log;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.MappedByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.ReadableByteChannel;
import java.nio.channels.WritableByteChannel;

/**
 * A file channel that fails on purpose, the SQLite way: the Nth positional write, force or
 * truncate throws, once or every time after. Everything else goes to the real channel.
 */
final class FailingChannel extends FileChannel {
    private final FileChannel real;
    int writesBeforeFailure = Integer.MAX_VALUE;
    int forcesBeforeFailure = Integer.MAX_VALUE;
    boolean failTruncate;
    /** Whether a write or force fails once and then works again, rather than every time after. */
    boolean once;
    /** Bytes of a failing write that still reach the file first, as a full disk can leave. */
    int bytesWrittenByFailingWrite;

    FailingChannel(FileChannel real) {
        this.real = real;
    }

    @Override
    public int write(ByteBuffer src, long position) throws IOException {
        if (writesBeforeFailure-- <= 0) {
            writesBeforeFailure = once ? Integer.MAX_VALUE : 0;
            if (bytesWrittenByFailingWrite > 0) {
                ByteBuffer part = src.duplicate();
                part.limit(part.position() + Math.min(bytesWrittenByFailingWrite, part.remaining()));
                real.write(part, position);
            }
            throw new IOException("no space left on device (injected)");
        }
        return real.write(src, position);
    }

    @Override
    public void force(boolean metaData) throws IOException {
        if (forcesBeforeFailure-- <= 0) {
            forcesBeforeFailure = once ? Integer.MAX_VALUE : 0;
            throw new IOException("input/output error (injected)");
        }
        real.force(metaData);
    }

    @Override
    public FileChannel truncate(long size) throws IOException {
        if (failTruncate) {
            throw new IOException("input/output error on truncate (injected)");
        }
        real.truncate(size);
        return this;
    }

    @Override
    public int read(ByteBuffer dst) throws IOException {
        return real.read(dst);
    }

    @Override
    public long read(ByteBuffer[] dsts, int offset, int length) throws IOException {
        return real.read(dsts, offset, length);
    }

    @Override
    public int write(ByteBuffer src) throws IOException {
        throw new UnsupportedOperationException("the writer writes at positions");
    }

    @Override
    public long write(ByteBuffer[] srcs, int offset, int length) throws IOException {
        throw new UnsupportedOperationException("the writer writes at positions");
    }

    @Override
    public long position() throws IOException {
        return real.position();
    }

    @Override
    public FileChannel position(long newPosition) throws IOException {
        real.position(newPosition);
        return this;
    }

    @Override
    public long size() throws IOException {
        return real.size();
    }

    @Override
    public long transferTo(long position, long count, WritableByteChannel target) throws IOException {
        return real.transferTo(position, count, target);
    }

    @Override
    public long transferFrom(ReadableByteChannel src, long position, long count) throws IOException {
        return real.transferFrom(src, position, count);
    }

    @Override
    public int read(ByteBuffer dst, long position) throws IOException {
        return real.read(dst, position);
    }

    @Override
    public MappedByteBuffer map(MapMode mode, long position, long size) throws IOException {
        return real.map(mode, position, size);
    }

    @Override
    public FileLock lock(long position, long size, boolean shared) throws IOException {
        return real.lock(position, size, shared);
    }

    @Override
    public FileLock tryLock(long position, long size, boolean shared) throws IOException {
        return real.tryLock(position, size, shared);
    }

    @Override
    protected void implCloseChannel() throws IOException {
        real.close();
    }
}
