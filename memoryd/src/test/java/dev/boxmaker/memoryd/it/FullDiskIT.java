package dev.boxmaker.memoryd.it;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.boxmaker.memoryd.sentences.StoreSentences;
import dev.boxmaker.proto.DataClass;
import dev.boxmaker.proto.Json;
import dev.boxmaker.proto.SessionId;
import dev.boxmaker.proto.client.SocketClient;
import dev.boxmaker.proto.wire.msg.MemoryAdmin;
import dev.boxmaker.proto.wire.msg.MemoryAdminReply;
import dev.boxmaker.proto.wire.msg.MemoryCall;
import dev.boxmaker.proto.wire.msg.Outcome;
import dev.boxmaker.proto.wire.msg.ToolRequest;
import dev.boxmaker.proto.wire.msg.ToolResponse;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * memoryd's {@code memory/} on a real full filesystem (a small tmpfs, mounted where this machine
 * lets the test mount one; skipped with the reason printed where it does not): the journal line of
 * an add still fits in its file's last page, the file's replace does not. The add is answered
 * failed, and it is never applied: not by the next write, not by a restart, not in the log.
 */
class FullDiskIT {
    static final Duration WAIT = Duration.ofSeconds(10);
    /** Room for memory/'s files (a page each) and a few journal lines, then filled up. */
    static final String TMPFS_SIZE = "256k";

    @TempDir
    Path home;
    private Path memory;
    private boolean mounted;

    @BeforeEach
    void mount() throws Exception {
        memory = Files.createDirectories(home.resolve("memory"));
        String why = run("mount", "-t", "tmpfs", "-o", "size=" + TMPFS_SIZE + ",mode=0700", "tmpfs", memory.toString());
        if (why != null) {
            System.out.println("FullDiskIT skipped: this machine does not let the test mount a tmpfs (" + why + ")");
        }
        Assumptions.assumeTrue(why == null, "a small tmpfs cannot be mounted here: " + why);
        mounted = true;
    }

    @AfterEach
    void unmount() throws Exception {
        if (mounted) {
            run("umount", memory.toString());
        }
    }

    /** Runs a command; null when it exits 0, else its output and exit code. */
    private static String run(String... command) throws Exception {
        Process process;
        try {
            process = new ProcessBuilder(command).redirectErrorStream(true).start();
        } catch (IOException e) {
            return e.getMessage();
        }
        if (!process.waitFor(WAIT.toSeconds(), TimeUnit.SECONDS)) {
            process.destroyForcibly();
            return String.join(" ", command) + " did not finish";
        }
        String output = new String(process.getInputStream().readAllBytes()).strip();
        return process.exitValue() == 0 ? null : output + " (exit code " + process.exitValue() + ")";
    }

    @Test
    void anAddAnsweredFailedOnAFullDiskIsNeverApplied() throws Exception {
        try (MemorydProcess memoryd = MemorydProcess.serve(home)) {
            assertThat(add("call_1", "first entry").outcome()).isEqualTo(Outcome.OK);
            Path filler = fill();
            ToolResponse failed = add("call_2", "the entry that did not fit");
            assertThat(failed.outcome()).isEqualTo(Outcome.FAILED);
            assertThat(failed.text()).isEqualTo(StoreSentences.STORE_FAILED);
            Files.delete(filler);
            assertThat(add("call_3", "after the disk had room").outcome()).isEqualTo(Outcome.OK);
            assertThat(Files.readString(memory.resolve("memory.md"))).isEqualTo("first entry\n§\nafter the disk had room\n");
            assertThat(log()).doesNotContain("did not fit");
            assertThat(memoryd.terminate()).isEqualTo(MemorydProcess.SIGTERM_EXIT);
        }
        try (MemorydProcess memoryd = MemorydProcess.serve(home)) {
            assertThat(Files.readString(memory.resolve("memory.md"))).isEqualTo("first entry\n§\nafter the disk had room\n");
            assertThat(log()).doesNotContain("did not fit").contains("first entry").contains("after the disk had room");
        }
    }

    /** Fills the tmpfs with one file until the disk is full; the file, for the test to delete. */
    private Path fill() throws IOException {
        Path filler = memory.resolve("filler");
        byte[] page = new byte[4096];
        try (OutputStream out = Files.newOutputStream(filler)) {
            while (true) {
                out.write(page);
                out.flush();
            }
        } catch (IOException full) {
            assertThat(full.getMessage()).contains("No space left on device");
        }
        return filler;
    }

    private ToolResponse add(String call, String text) throws Exception {
        ObjectNode args = Json.MAPPER.createObjectNode().put("action", "add").put("file", "memory").put("text", text);
        return (ToolResponse) SocketClient.call(home.resolve("run/broker-memory/memory.sock"),
                new MemoryCall(new ToolRequest(SessionId.of("chat-full"), call, "memory", args), DataClass.PRIVATE,
                        false), WAIT, WAIT, "t");
    }

    /** What {@code bxctl memory log} prints. */
    private String log() throws Exception {
        return ((MemoryAdminReply) SocketClient.call(home.resolve("run/owner-memory/admin.sock"),
                new MemoryAdmin("log", ""), WAIT, WAIT, "t")).text();
    }
}
