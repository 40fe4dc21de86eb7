package dev.boxmaker.memoryd.honcho.worker;

import java.nio.file.Path;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.io.TempDir;

/** The set-up the worker's test classes share: a {@link WorkerRig} on a folder of each test's own, closed after it. */
abstract class RiggedWorkerTests {
    @TempDir
    Path dir;
    WorkerRig rig;

    @BeforeEach
    void rig() throws Exception {
        rig = new WorkerRig(dir);
    }

    @AfterEach
    void close() {
        rig.close();
    }
}
