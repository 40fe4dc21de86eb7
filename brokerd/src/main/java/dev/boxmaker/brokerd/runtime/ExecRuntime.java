package dev.boxmaker.brokerd.runtime;

import dev.boxmaker.brokerd.sentences.Sentences;
import dev.boxmaker.brokerd.config.BrokerdSettings.ExecCommand;
import dev.boxmaker.proto.tools.ToolContract;
import dev.boxmaker.proto.Json;
import dev.boxmaker.proto.wire.msg.Outcome;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * {@code [runtime] kind = "exec"}: a configured command per tool, the call's {@code args} JSON on its
 * standard input, its standard output as the result. The shorter of the grant's and the command's
 * time limits applies; past it the process is killed.
 */
public final class ExecRuntime implements Runtime {
    public static final int OUTPUT_BYTES_MAX = 1024 * 1024;
    /** Only the first line of standard error is shown; more is read and dropped. */
    public static final int ERROR_BYTES_MAX = 4 * 1024;
    /** After a kill, how long the pipes may take to close (a grandchild can hold them open). */
    public static final long DRAIN_WAIT_SECONDS = 2;

    private final Map<String, ExecCommand> commands;
    private final ExecutorService pipes;

    /** @param pipes where each run's three pipes are written and read (brokerd's pipe threads) */
    public ExecRuntime(Map<String, ExecCommand> commands, ExecutorService pipes) {
        this.commands = Map.copyOf(commands);
        this.pipes = pipes;
    }

    @Override
    public Output run(RunSpec spec) {
        String tool = spec.request().tool();
        if (ToolContract.MEMORY_TOOLS.contains(tool)) {
            return new Output(Outcome.REFUSED, Sentences.EXEC_MEMORY_TOOL);
        }
        ExecCommand command = commands.get(tool);
        if (command == null) {
            return new Output(Outcome.REFUSED, Sentences.execNoCommand(tool));
        }
        Duration limit = command.timeout().compareTo(spec.timeout()) < 0 ? command.timeout() : spec.timeout();
        Process process;
        try {
            process = new ProcessBuilder(command.command()).start();
        } catch (IOException e) {
            return new Output(Outcome.FAILED, Sentences.execStartFailed(tool));
        }
        try {
            return finish(tool, process, spec, limit);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            process.destroyForcibly();
            return new Output(Outcome.FAILED, Sentences.execTimedOut(tool, limit));
        }
    }

    private Output finish(String tool, Process process, RunSpec spec, Duration limit) throws InterruptedException {
        ByteArrayOutputStream stdoutRead = new ByteArrayOutputStream();
        ByteArrayOutputStream stderrRead = new ByteArrayOutputStream();
        CompletableFuture<Void> out = CompletableFuture.runAsync(
                () -> readCapped(process.getInputStream(), OUTPUT_BYTES_MAX + 1, stdoutRead), pipes);
        CompletableFuture<Void> err = CompletableFuture.runAsync(
                () -> readCapped(process.getErrorStream(), ERROR_BYTES_MAX, stderrRead), pipes);
        // Written on a pipe thread: a command that does not read its input would block this write
        // once the pipe is full, and the time limit below would never start.
        CompletableFuture.runAsync(() -> writeInput(process, spec), pipes);
        if (!process.waitFor(limit.toMillis(), TimeUnit.MILLISECONDS)) {
            process.descendants().forEach(ProcessHandle::destroyForcibly);
            process.destroyForcibly();
            return new Output(Outcome.FAILED, Sentences.execTimedOut(tool, limit));
        }
        byte[] stdout = drained(out, stdoutRead);
        if (process.exitValue() != 0) {
            String stderr = new String(drained(err, stderrRead), StandardCharsets.UTF_8);
            return new Output(Outcome.FAILED, Sentences.execFailed(tool, process.exitValue(), stderr.lines().findFirst().orElse("")));
        }
        return new Output(Outcome.OK, text(stdout));
    }

    /** At most {@value #OUTPUT_BYTES_MAX} bytes, cut at a character's edge, with a note when cut. */
    static String text(byte[] bytes) {
        if (bytes.length <= OUTPUT_BYTES_MAX) {
            return new String(bytes, StandardCharsets.UTF_8);
        }
        int end = OUTPUT_BYTES_MAX;
        while (end > 0 && (bytes[end] & 0xC0) == 0x80) {
            end--;
        }
        return decode(bytes, end) + Sentences.outputCut(OUTPUT_BYTES_MAX);
    }

    private static String decode(byte[] bytes, int length) {
        try {
            return StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPLACE)
                    .decode(ByteBuffer.wrap(bytes, 0, length)).toString();
        } catch (CharacterCodingException e) {
            return new String(bytes, 0, length, StandardCharsets.UTF_8);
        }
    }

    private static void writeInput(Process process, RunSpec spec) {
        try (OutputStream in = process.getOutputStream()) {
            in.write(Json.MAPPER.writeValueAsBytes(spec.request().args()));
        } catch (IOException e) {
            // The command need not read its input; what it printed still counts.
        }
    }

    /**
     * What was read from a pipe once it ends, or after {@value #DRAIN_WAIT_SECONDS} seconds: a process
     * the command left running can hold the pipe open, and what the command printed still counts.
     */
    private static byte[] drained(CompletableFuture<Void> pipe, ByteArrayOutputStream read) {
        try {
            pipe.get(DRAIN_WAIT_SECONDS, TimeUnit.SECONDS);
        } catch (Exception e) {
            // Not ended: what was read so far is the output.
        }
        return read.toByteArray();
    }

    /**
     * Reads a stream to its end into {@code kept}, keeping at most {@code max} bytes, so the child
     * never blocks on a full pipe. {@code kept}'s methods are synchronized, so it can be read meanwhile.
     */
    private static void readCapped(InputStream stream, int max, ByteArrayOutputStream kept) {
        byte[] chunk = new byte[8192];
        try (stream) {
            for (int n = stream.read(chunk); n >= 0; n = stream.read(chunk)) {
                int room = max - kept.size();
                kept.write(chunk, 0, Math.min(room, n));
            }
        } catch (IOException e) {
            // The process was killed; what was read is kept.
        }
    }
}
