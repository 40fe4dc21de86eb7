package dev.boxmaker.loopd;

import dev.boxmaker.memoryd.Assembly;
import static org.assertj.core.api.Assertions.assertThat;

import dev.boxmaker.loopd.baseline.MemorydSource;
import dev.boxmaker.loopd.testing.ScriptedModel.Reply;
import dev.boxmaker.memoryd.config.MemorydSettings;
import dev.boxmaker.memoryd.files.Entries;
import dev.boxmaker.memoryd.home.MemoryHome;
import dev.boxmaker.memoryd.index.MemoryIndex;
import dev.boxmaker.memoryd.threads.MemorydThreads;
import dev.boxmaker.memoryd.sockets.MemorydSockets;
import dev.boxmaker.memoryd.check.Check;
import dev.boxmaker.memoryd.tool.MemoryStore;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * The frozen baseline against the real memoryd: a memory write changes neither a running session's
 * baseline file nor its prompt, not even after loopd restarts; only a new session sees it.
 */
class BaselineRestartTest {
    static final String ENTRY = "The owner prefers answers in UTC.";

    @Test
    void theBaselineBytesStayAfterAMemoryWriteAndARestartAndTheWriteShowsOnlyInANewSession() throws Exception {
        try (LoopdHome t = LoopdHome.create()) {
            Path toml = t.home.resolve("memoryd.toml");
            Files.writeString(toml, "[paths]\nhome = \"" + t.home + "\"\n");
            MemorydSettings ms = MemorydSettings.load(Optional.of(toml), Map.of());
            MemoryHome.prepare(ms);
            MemoryStore store = new MemoryStore(ms.memoryDir(), text -> Check.firstRefusal(text).map(Check.Refusal::sentence),
                    Clock.systemUTC());
            try (MemorydThreads threads = MemorydThreads.start();
                    MemoryIndex index = MemoryIndex.open(MemoryIndex.Config.of(ms), threads);
                    MemorydSockets memoryd = Assembly.sockets(t.vertx, ms, store, index)) {
                t.load();
                t.startLoopd(new MemorydSource(t.settings.memorySocket()));
                t.model.whenEmpty(Reply.text("ok"));
                t.turn("chat-1", "first");
                byte[] before = t.baseline("chat-1");
                String systemBefore = systemOf(t, 0);
                assertThat(systemBefore).doesNotContain(ENTRY);

                Files.writeString(ms.memoryDir().resolve("memory.md"), Entries.render(List.of(ENTRY)));
                t.turn("chat-1", "second");
                assertThat(t.baseline("chat-1")).isEqualTo(before);
                assertThat(systemOf(t, 1)).isEqualTo(systemBefore);

                t.stopLoopd();
                t.startLoopd(new MemorydSource(t.settings.memorySocket()));
                t.turn("chat-1", "third");
                assertThat(t.baseline("chat-1")).isEqualTo(before);
                assertThat(systemOf(t, 2)).isEqualTo(systemBefore);
                // The restarted loopd rebuilt the prompt from the log: it still extends the one before.
                assertThat(t.model.requests().get(2).messages().size()).isEqualTo(t.model.requests().get(1).messages().size() + 2);

                t.turn("chat-2", "new session");
                assertThat(systemOf(t, 3)).contains(ENTRY);
                assertThat(new String(t.baseline("chat-2"), java.nio.charset.StandardCharsets.UTF_8)).contains(ENTRY);
            }
        }
    }

    private static String systemOf(LoopdHome t, int request) {
        return t.model.requests().get(request).messages().get(0).get("content").textValue();
    }
}
