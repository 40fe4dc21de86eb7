package dev.boxmaker.proto.daemon;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.channels.FileChannel;
import java.nio.channels.OverlappingFileLockException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermissions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A daemon's lock in this process. A lock another process holds is shown by each daemon's process
 * test (MemorydProcessIT, BrokerdProcessIT, LoopdIT), which holds it from the test's JVM.
 */
class HomeLockTest {
    @TempDir
    Path dir;

    @Test
    void theLockIsTakenInAFolderMadePrivateAndHeldUntilTheProcessEnds() throws Exception {
        Path audit = dir.resolve("home/audit");
        HomeLock.take("brokerd", audit);

        Path lock = audit.resolve("brokerd.lock");
        assertThat(Files.size(lock)).isZero();
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(audit))).isEqualTo("rwx------");
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(lock))).isEqualTo("rw-------");
        // Held: this process cannot lock the file a second time through another channel.
        try (FileChannel other = FileChannel.open(lock, StandardOpenOption.WRITE)) {
            assertThatThrownBy(other::tryLock).isInstanceOf(OverlappingFileLockException.class);
        }
        // Taking it again is a no-op, and another daemon's lock in the same folder is its own.
        HomeLock.take("brokerd", audit);
        HomeLock.take("loopd", audit);
        assertThat(audit.resolve("loopd.lock")).exists();
    }

    @Test
    void aFileLeftByAnEarlierStartIsLockedAsItIs() throws Exception {
        Path run = Files.createDirectories(dir.resolve("run"));
        Files.writeString(run.resolve("loopd.lock"), "");
        HomeLock.take("loopd", run);
        try (FileChannel other = FileChannel.open(run.resolve("loopd.lock"), StandardOpenOption.WRITE)) {
            assertThatThrownBy(other::tryLock).isInstanceOf(OverlappingFileLockException.class);
        }
    }

    /**
     * Dev mode's live reload ({@code quarkus:dev}, then [s]) runs a daemon's main again in this JVM
     * with a new class loader, whose HomeLock does not know the channel the first run locked with:
     * the lock is this process's, so taking it is a no-op, and the daemon starts again.
     */
    @Test
    void aLockThisProcessHoldsThroughAnotherChannelIsTakenAsHeld() throws Exception {
        Path memory = Files.createDirectories(dir.resolve("memory"));
        Path lock = Files.createFile(memory.resolve("memoryd.lock"));
        try (FileChannel first = FileChannel.open(lock, StandardOpenOption.WRITE)) {
            assertThat(first.tryLock()).isNotNull();

            HomeLock.take("memoryd", memory);

            assertThat(first.isOpen()).isTrue();
            try (FileChannel other = FileChannel.open(lock, StandardOpenOption.WRITE)) {
                assertThatThrownBy(other::tryLock).isInstanceOf(OverlappingFileLockException.class);
            }
        }
    }

    @Test
    void aFolderThatIsAFileGivesTheLocksSentence() throws Exception {
        Path memory = dir.resolve("memory");
        Files.writeString(memory, "not a folder");
        Path lock = memory.resolve("memoryd.lock").toAbsolutePath();
        assertThatThrownBy(() -> HomeLock.take("memoryd", memory)).isInstanceOf(IllegalStateException.class)
                .message().startsWith(lock + " cannot be locked (").endsWith("); memoryd runs only while it holds it");
        assertThatThrownBy(() -> HomeLock.take("memoryd", memory)).isInstanceOf(IllegalStateException.class);
        assertThat(Files.readString(memory)).isEqualTo("not a folder");
    }
}
