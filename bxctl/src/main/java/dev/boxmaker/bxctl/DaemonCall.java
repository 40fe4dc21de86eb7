package dev.boxmaker.bxctl;

import dev.boxmaker.proto.client.ClientException;
import dev.boxmaker.proto.client.SocketClient;
import dev.boxmaker.proto.text.Escape;
import dev.boxmaker.proto.wire.Codec;
import dev.boxmaker.proto.wire.LightEncoder;
import dev.boxmaker.proto.wire.WireException;
import dev.boxmaker.proto.wire.msg.ErrorReply;
import dev.boxmaker.proto.wire.msg.Message;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.util.function.Function;

/** One request to a daemon and what the owner sees of the answer, with bxctl's exit codes. */
final class DaemonCall {
    /** How long bxctl waits to connect: the daemon is on this machine, so a second is plenty. */
    static final Duration CONNECT_WAIT = Duration.ofSeconds(1);

    private DaemonCall() {
    }

    /**
     * Sends {@code request}; on a reply of {@code type}, prints {@code text(reply)} escaped (or the
     * body as JSON with {@code --json}); on an error frame prints its sentence, escaped, and returns 1; when the
     * daemon does not answer, names the socket and the runbook entry and returns 3; a request too
     * large to send is usage, 2.
     */
    static <T extends Message> int run(Bxctl top, Path socket, Message request, Duration replyWait,
            String runbook, Class<T> type, Function<T, String> text) {
        return run(top, socket, request, replyWait, runbook, type, text, false);
    }

    /**
     * As {@link #run(Bxctl, Path, Message, Duration, String, Class, Function)}; with {@code textIsJson},
     * {@code --json} prints {@code text(reply)} as it is, a JSON document the daemon wrote for scripts.
     */
    static <T extends Message> int run(Bxctl top, Path socket, Message request, Duration replyWait,
            String runbook, Class<T> type, Function<T, String> text, boolean textIsJson) {
        return runShown(top, socket, request, replyWait, runbook, type, reply -> {
            if (top.json) {
                JsonOut.print(top.out(), textIsJson ? text.apply(reply) : toJson(reply));
            } else {
                top.out().println(Escape.escape(text.apply(reply)));
            }
            return Exit.DONE;
        });
    }

    /** As {@link #run(Bxctl, Path, Message, Duration, String, Class, Function)}, with a reply of {@code type} given to {@code shown}. */
    static <T extends Message> int runShown(Bxctl top, Path socket, Message request, Duration replyWait,
            String runbook, Class<T> type, Shown<T> shown) {
        PrintWriter out = top.out();
        PrintWriter err = top.err();
        Message reply;
        try {
            reply = SocketClient.call(socket, request, CONNECT_WAIT, replyWait, runbook, Codec.LIGHT);
        } catch (ClientException e) {
            return failed(top, e.getMessage(), runbook, Exit.NO_ANSWER);
        } catch (WireException e) {
            // Nothing was sent: the request is over a frame's limit (a chat message of 16 MiB).
            return failed(top, BxctlSentences.notSent(e.getMessage()), null, Exit.USAGE);
        }
        if (reply instanceof ErrorReply error) {
            if (top.json) {
                JsonOut.error(top, error.message(), error.runbook());
            }
            // Escaped as a reply is: a refusal can quote what a session wrote (an entry, an old).
            err.println(Escape.escapeLine(BxctlSentences.refusedWithRunbook(error.message(), error.runbook())));
            return Exit.REFUSED;
        }
        if (!type.isInstance(reply)) {
            return failed(top, BxctlSentences.unexpectedReply(reply.kind()), null, Exit.REFUSED);
        }
        return shown.show(type.cast(reply));
    }

    /**
     * A call that got no answer to show: the sentence on standard error and, with {@code --json}, as
     * {@code {"error", "runbook"}} on standard output; {@code code} is the exit code.
     */
    static int failed(Bxctl top, String sentence, String runbook, int code) {
        if (top.json) {
            JsonOut.error(top, sentence, runbook);
        }
        top.err().println(sentence);
        return code;
    }

    /** What a command does with a daemon's reply: prints it, and answers the exit code. */
    @FunctionalInterface
    interface Shown<T> {
        int show(T reply);
    }

    /**
     * The reply's body as {@code --json} prints it, written without jackson-databind for the kinds
     * bxctl reads (docs/benchmarks.md, "bxctl cold start").
     */
    static String toJson(Message message) {
        return LightEncoder.json(message);
    }
}
