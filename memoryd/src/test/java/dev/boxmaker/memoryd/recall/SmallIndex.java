package dev.boxmaker.memoryd.recall;

import dev.boxmaker.memoryd.index.Logs;
import dev.boxmaker.memoryd.index.MemoryIndex;
import dev.boxmaker.memoryd.threads.MemorydThreads;
import dev.boxmaker.proto.DataClass;
import dev.boxmaker.proto.log.LogRecord;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/** Test helper: an index over a few session logs in a temporary home. */
public final class SmallIndex {
    private SmallIndex() {
    }

    static MemoryIndex open(Path home) throws Exception {
        Files.createDirectories(home.resolve("memory"));
        MemoryIndex index = MemoryIndex.open(new MemoryIndex.Config(home, home.resolve("index"),
                home.resolve("memory/notes.md"), DataClass.PRIVATE), MemorydThreads.start());
        index.flush().get();
        return index;
    }

    /** One session whose user records are {@code texts}, in order. */
    public static MemoryIndex of(Path home, List<String> texts) throws Exception {
        LogRecord[] records = new LogRecord[texts.size()];
        for (int i = 0; i < texts.size(); i++) {
            records[i] = new dev.boxmaker.proto.log.UserRecord(Logs.T0.plusSeconds(i % 7), 1, texts.get(i), null);
        }
        if (records.length > 0) {
            Logs.append(home, "mm-corpus", records);
        }
        return open(home);
    }
}
