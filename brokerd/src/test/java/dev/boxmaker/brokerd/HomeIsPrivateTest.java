package dev.boxmaker.brokerd;

import dev.boxmaker.proto.testing.PrivateHomes;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 35, item 9: brokerd's home directory itself, not only its subfolders, is made private (0700) at
 * start, and a home another user owns stops the start.
 */
class HomeIsPrivateTest {
    @TempDir
    Path dir;

    @AfterEach
    void clear() {
        System.clearProperty("boxmaker.config.file");
        System.clearProperty("boxmaker.config.dir");
    }

    PrivateHomes homes() {
        return new PrivateHomes("brokerd", dir, Main::prepare);
    }

    @Test
    void aLooseHomeAndAMissingOneAreMadePrivate() throws Exception {
        homes().aLooseHomeAndAMissingOneAreMadePrivate();
    }

    @Test
    void aHomeOfAnotherUserStopsTheStart() throws Exception {
        homes().aHomeOfAnotherUserStopsTheStart();
    }
}
