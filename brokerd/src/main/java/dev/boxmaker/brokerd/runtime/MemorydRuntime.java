package dev.boxmaker.brokerd.runtime;

import dev.boxmaker.brokerd.sentences.Sentences;
import dev.boxmaker.proto.Label;
import dev.boxmaker.proto.client.ClientException;
import dev.boxmaker.proto.client.AsyncSocketClient;
import dev.boxmaker.proto.client.Wait;
import dev.boxmaker.proto.tools.ToolContract;
import dev.boxmaker.proto.wire.msg.ErrorReply;
import dev.boxmaker.proto.wire.msg.MemoryCall;
import dev.boxmaker.proto.wire.msg.Message;
import dev.boxmaker.proto.wire.msg.Outcome;
import dev.boxmaker.proto.wire.msg.ToolResponse;
import io.smallrye.mutiny.Uni;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;
import org.jboss.logging.Logger;

/**
 * {@code recall}, {@code memory} and {@code ask_memory} sent to memoryd as {@code memory_call}, with the session's taint
 * and untrusted flag as brokerd held them when it decided. memoryd's answer carries its own label
 * (the hits' class, untrusted when a hit is tainted), which is the runtime's label here.
 *
 * <p>Non-blocking ({@link AsyncSocketClient}): a call waiting on memoryd (an {@code ask_memory} on a
 * Honcho that does not answer, up to 170 s) holds no thread of brokerd's, so it never keeps another
 * tool's call from a socket worker.
 */
public final class MemorydRuntime implements Runtime {
    /** The M5a spec's limit, which the fixed sentence names. */
    public static final long MEMORYD_WAIT_SECONDS = Wait.MEMORY_CALL_SECONDS;
    /** ask_memory's: memoryd gives each workspace's chat 150 s, all at once where it can (the M5c spec, section 9). */
    public static final long MEMORYD_ASK_WAIT_SECONDS = Wait.MEMORY_CALL_ASK_MEMORY_SECONDS;
    public static final String RUNBOOK = "memoryd-unreachable";
    private static final Logger LOG = Logger.getLogger(MemorydRuntime.class);

    private final AsyncSocketClient client;
    private final Path socket;
    private final Duration wait;
    private final Duration askWait;

    /** {@code wait} for recall and memory, {@code askWait} for ask_memory (tests shorten both). */
    public MemorydRuntime(AsyncSocketClient client, Path socket, Duration wait, Duration askWait) {
        this.client = client;
        this.socket = socket;
        this.wait = wait;
        this.askWait = askWait;
    }

    @Override
    public Output run(RunSpec spec) {
        return runLabelled(spec).output();
    }

    /** Blocks until {@link #call} answers, which its waits bound; for callers outside brokerd's path. */
    @Override
    public Labelled runLabelled(RunSpec spec) {
        return call(spec).await().indefinitely();
    }

    @Override
    public Uni<Labelled> call(RunSpec spec) {
        MemoryCall call = new MemoryCall(spec.request(), spec.taint().dataClass(), spec.taint().untrusted());
        boolean ask = spec.request().tool().equals(ToolContract.ASK_MEMORY);
        Duration wait = ask ? askWait : this.wait;
        Duration connect = wait.compareTo(Wait.connect()) < 0 ? wait : Wait.connect();
        // A Unix connect only waits when memoryd's backlog is full; the limit is the reply's wait.
        return client.call(socket, call, connect, wait, RUNBOOK).map(MemorydRuntime::labelled)
                .onFailure(ClientException.class).recoverWithItem(e -> {
                    LOG.warnf("memoryd did not answer a memory call: %s", e.getMessage());
                    return new Labelled(new Output(Outcome.FAILED, ask ? Sentences.MEMORYD_ASK_UNREACHABLE
                            : Sentences.MEMORYD_UNREACHABLE), Optional.empty());
                });
    }

    private static Labelled labelled(Message reply) {
        if (reply instanceof ToolResponse response) {
            return new Labelled(new Output(response.outcome(), response.text()),
                    Optional.of(new Label(response.dataClass(), response.untrusted())));
        }
        String why = reply instanceof ErrorReply error ? error.message() : reply.kind();
        return new Labelled(new Output(Outcome.FAILED, Sentences.memorydRefused(why)), Optional.empty());
    }
}
