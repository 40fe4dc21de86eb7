package dev.boxmaker.bxctl;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import dev.boxmaker.proto.client.ClientException;
import dev.boxmaker.proto.client.SocketClient;
import dev.boxmaker.proto.text.Escape;
import dev.boxmaker.proto.wire.Codec;
import dev.boxmaker.proto.wire.LightEncoder;
import dev.boxmaker.proto.wire.msg.BrokerStats;
import dev.boxmaker.proto.wire.msg.BrokerStatsReply;
import dev.boxmaker.proto.wire.msg.ErrorReply;
import dev.boxmaker.proto.wire.msg.LoopStats;
import dev.boxmaker.proto.wire.msg.LoopStatsReply;
import dev.boxmaker.proto.wire.msg.MemoryStats;
import dev.boxmaker.proto.wire.msg.MemoryStatsReply;
import dev.boxmaker.proto.wire.msg.Message;
import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.function.Function;
import picocli.CommandLine.Command;
import picocli.CommandLine.ParentCommand;

/**
 * {@code bxctl status}: each daemon asked for its figures ({@code *_stats}) at once, each given
 * {@link #ANSWER_MILLIS} to answer: a daemon that is stopped (SIGSTOP) or hung accepts the connection
 * and never answers, so a connect alone would call it answering. Exit 0 when every daemon answers,
 * 3 when any does not (each one that does not is named with its runbook entry).
 */
@Command(name = "status", description = "Each daemon: answering or not, its socket, its figures, and the runbook entry to read when not.")
final class StatusCommand implements Callable<Integer> {
    /** How long a daemon has to connect and to answer: its figures are in memory, so this is plenty. */
    static final long ANSWER_MILLIS = 2_000;

    @ParentCommand
    Bxctl top;

    /** One daemon's part of the status: its answer's lines, or the sentence saying it did not answer. */
    record Report(String daemon, Path socket, boolean answering, List<String> lines, Message stats) {
    }

    @Override
    public Integer call() {
        List<CompletableFuture<Report>> asked = List.of(
                ask("memoryd", top.memorySocket(), "memoryd-start-failed", new MemoryStats(), MemoryStatsReply.class,
                        StatusLines::memoryd),
                ask("brokerd", top.brokerSocket(), "brokerd-start-failed", new BrokerStats(), BrokerStatsReply.class,
                        StatusLines::brokerd),
                ask("loopd", top.loopSocket(), "loopd-start-failed", new LoopStats(), LoopStatsReply.class,
                        StatusLines::loopd));
        List<Report> reports = asked.stream().map(CompletableFuture::join).toList();
        if (top.json) {
            top.out().println(json(reports));
        } else {
            reports.forEach(r -> r.lines().forEach(top.out()::println));
        }
        return reports.stream().allMatch(Report::answering) ? Exit.DONE : Exit.NO_ANSWER;
    }

    private static <T extends Message> CompletableFuture<Report> ask(String daemon, Path socket, String runbook,
            Message request, Class<T> type, Function<T, List<String>> lines) {
        return CompletableFuture.supplyAsync(() -> report(daemon, socket, runbook, request, type, lines),
                r -> new Thread(r, "bxctl-status-" + daemon).start());
    }

    static <T extends Message> Report report(String daemon, Path socket, String runbook, Message request, Class<T> type,
            Function<T, List<String>> lines) {
        Duration wait = Duration.ofMillis(ANSWER_MILLIS);
        Message reply;
        try {
            reply = SocketClient.call(socket, request, wait, wait, runbook, Codec.LIGHT);
        } catch (ClientException e) {
            String sentence = switch (e.reason()) {
                case NO_DAEMON -> BxctlSentences.notAnswering(daemon, socket, runbook);
                case CONNECT_TIMED_OUT, NO_REPLY -> BxctlSentences.notAnsweringWithin(daemon, socket, ANSWER_MILLIS, runbook);
                case CONNECTION_LOST, BAD_REPLY -> BxctlSentences.noUsableAnswer(daemon, socket, runbook);
                // Any other reason the client names (a socket this user may not open) in its own sentence.
                default -> BxctlSentences.notAnsweringBecause(daemon, e.getMessage());
            };
            return new Report(daemon, socket, false, List.of(sentence), null);
        }
        String first = BxctlSentences.answering(daemon, socket);
        if (type.isInstance(reply)) {
            List<String> all = new java.util.ArrayList<>(List.of(first));
            all.addAll(lines.apply(type.cast(reply)));
            return new Report(daemon, socket, true, all, reply);
        }
        // It answered, so it runs; an older daemon knows no stats kind and says so.
        String why = reply instanceof ErrorReply error ? error.message() : BxctlSentences.unexpectedReply(reply.kind());
        return new Report(daemon, socket, true, List.of(first, BxctlSentences.noFigures(Escape.escapeLine(why))), null);
    }

    /**
     * {@code {"memoryd":{"socket":…,"answering":true,"stats":{…}},…}}: each daemon's stats body as
     * its reply has it, or null with {@code "problem"}, the sentence the text shows.
     */
    static String json(List<Report> reports) {
        StringWriter out = new StringWriter();
        try (JsonGenerator g = new JsonFactory().createGenerator(out)) {
            g.writeStartObject();
            for (Report r : reports) {
                g.writeObjectFieldStart(r.daemon());
                g.writeStringField("socket", r.socket().toString());
                g.writeBooleanField("answering", r.answering());
                g.writeFieldName("stats");
                if (r.stats() != null) {
                    g.writeRawValue(LightEncoder.json(r.stats()));
                } else {
                    g.writeNull();
                    g.writeStringField("problem", r.lines().get(r.lines().size() - 1).strip());
                }
                g.writeEndObject();
            }
            g.writeEndObject();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out.toString();
    }
}
