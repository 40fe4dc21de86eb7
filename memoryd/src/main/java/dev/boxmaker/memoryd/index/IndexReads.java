package dev.boxmaker.memoryd.index;

import dev.boxmaker.memoryd.index.sql.IndexFile;
import java.io.IOException;
import java.nio.file.Path;
import java.sql.SQLException;
import java.util.concurrent.locks.ReadWriteLock;
import java.util.concurrent.locks.ReentrantReadWriteLock;
import java.util.function.Consumer;

/**
 * The read side of the index: reads on pooled reader connections under the swap's shared lock, and
 * the swap of a new file under its exclusive lock, with every idle reader closed and the file's
 * generation moved on, so no reader of the old file is lent again. The file is in WAL mode, so the
 * writer never blocks a reader; only a swap does, for the moment of the rename.
 */
final class IndexReads {
    /** Idle reader connections kept open; more readers open their own and close them after. */
    static final int READERS_IDLE_MAX = 4;

    /** Work done under the exclusive lock, with every idle reader closed. */
    interface Swap {
        void run() throws IOException;
    }

    private final Path file;
    private final IndexDamage damage;
    private final Consumer<SQLException> onDamaged;
    private final ReadWriteLock swap = new ReentrantReadWriteLock();
    private final Readers readers = new Readers(READERS_IDLE_MAX);
    private volatile long generation;

    IndexReads(Path file, IndexDamage damage, Consumer<SQLException> onDamaged) {
        this.file = file;
        this.damage = damage;
        this.onDamaged = onDamaged;
    }

    /** The generation of the file in place: one more after every swap. */
    long generation() {
        return generation;
    }

    /** Runs {@code reading} on a reader connection of the current file, with the statements kept for it. */
    <T> T read(MemoryIndex.PreparedReading<T> reading) throws IndexDamagedException, SQLException {
        if (damage.damaged()) {
            throw new IndexDamagedException();
        }
        swap.readLock().lock();
        Readers.Reader reader = null;
        try {
            reader = readers.borrow(file, generation);
            T value = reading.read(reader.statements());
            readers.giveBack(reader, generation);
            return value;
        } catch (SQLException e) {
            if (reader != null) {
                IndexFile.closeQuietly(reader.c());
            }
            if (IndexFile.damaged(e)) {
                onDamaged.accept(e);
                throw new IndexDamagedException();
            }
            throw e;
        } finally {
            swap.readLock().unlock();
        }
    }

    /** Runs {@code work} (closing the writer, renaming the new file in) with no reader open; a new generation after it. */
    void swap(Swap work) throws IOException {
        swap.writeLock().lock();
        try {
            readers.closeIdle();
            work.run();
            generation++;
            damage.clear();
        } finally {
            swap.writeLock().unlock();
        }
    }

    /** At close: runs {@code last} and closes every idle reader, with no read running. */
    void close(Runnable last) {
        swap.writeLock().lock();
        try {
            last.run();
            readers.closeIdle();
        } finally {
            swap.writeLock().unlock();
        }
    }
}
