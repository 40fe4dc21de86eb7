package dev.boxmaker.memoryd.tool;

import dev.boxmaker.memoryd.files.Disk;
import dev.boxmaker.memoryd.files.Durable;
import java.io.IOException;
import java.nio.file.Path;

/**
 * A disk that fails the Nth write, once or every time after, as a disk filling up does: a failing
 * append leaves the first half of its bytes in the file, a failing replace has renamed the new file
 * in (only the directory's flush failed), and a failing cut changes nothing. A cut that has nothing
 * to cut writes nothing and is not counted.
 */
final class FailingDisk implements Disk {
    private int writes;
    private int failAt = Integer.MAX_VALUE;
    private boolean everyAfter;

    /** Fails the {@code n}th write from now (1 is the next), and with {@code everyAfter} each one after it. */
    void failNth(int n, boolean everyAfter) {
        this.writes = 0;
        this.failAt = n;
        this.everyAfter = everyAfter;
    }

    /** Stops failing; the count goes on. */
    void heal() {
        failAt = Integer.MAX_VALUE;
    }

    /** The writes counted since the last {@link #failNth} (or since the disk was made). */
    int writes() {
        return writes;
    }

    private boolean fails() {
        writes++;
        return writes == failAt || everyAfter && writes > failAt;
    }

    private IOException fault(String what, Path file) {
        return new IOException("No space left on device (injected: " + what + " " + file.getFileName() + ")");
    }

    @Override
    public void append(Path file, String text, Object writing) throws IOException {
        if (fails()) {
            Durable.append(file, text.substring(0, text.length() / 2), writing);
            throw fault("append to", file);
        }
        Durable.append(file, text, writing);
    }

    @Override
    public void replace(Path file, String text) throws IOException {
        boolean fails = fails();
        Durable.replace(file, text);
        if (fails) {
            throw fault("replace of", file);
        }
    }

    @Override
    public void truncate(Path file, long length) throws IOException {
        if (Durable.length(file) <= length) {
            return;
        }
        if (fails()) {
            throw fault("cut of", file);
        }
        Durable.truncate(file, length);
    }
}
