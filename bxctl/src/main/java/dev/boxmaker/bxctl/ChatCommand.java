package dev.boxmaker.bxctl;

import dev.boxmaker.proto.SessionId;
import dev.boxmaker.proto.client.Wait;
import dev.boxmaker.proto.config.ConfigException;
import dev.boxmaker.proto.wire.msg.LoopAdmin;
import dev.boxmaker.proto.wire.msg.LoopAdminReply;
import dev.boxmaker.proto.wire.msg.Turn;
import dev.boxmaker.proto.wire.msg.TurnReply;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.security.SecureRandom;
import java.time.Clock;
import java.time.Duration;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.HexFormat;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;

/**
 * {@code bxctl chat [--session ID] [--speaker NAME] [MESSAGE]}: one turn, or, with no message, a
 * conversation read line by line from standard input until its end. A new session unless
 * {@code --session} names one; a new session's id is printed on standard error (first in a
 * conversation, after the answer of one turn), so the owner can come back to it.
 */
@Command(name = "chat", description = "Talk to the agent: one turn, or a conversation when no message is given.")
final class ChatCommand implements Callable<Integer> {
    /** The runbook entry for a loopd that does not answer. */
    static final String RUNBOOK = "loopd-start-failed";

    /**
     * How long bxctl waits for a turn's answer: as long as loopd waits for a {@code call_tool} (the
     * owner's longest approval wait, then the longest run: {@link Wait#TOOL_REQUEST_LONGEST_SECONDS}),
     * plus the turn's own {@link Wait#TURN_MINUTES}, so an approval that comes late still reaches the owner.
     */
    static final long TURN_WAIT_SECONDS = Wait.TOOL_REQUEST_LONGEST_SECONDS + Wait.TURN_MINUTES * 60;

    private static final DateTimeFormatter ID_TIME = DateTimeFormatter.ofPattern("yyyyMMdd't'HHmmss").withZone(ZoneOffset.UTC);

    @ParentCommand
    Bxctl top;

    @picocli.CommandLine.Spec
    picocli.CommandLine.Model.CommandSpec spec;

    @Option(names = "--session", paramLabel = "ID", description = "Continue this session (default: a new one).")
    String session;

    @Option(names = "--speaker", paramLabel = "NAME",
            description = "Who is speaking (default: [owner] name in {home}/bxctl.toml, else nobody named).")
    String speaker;

    @Option(names = "--last", description = "Print the answer of the session's last turn (with --session), e.g. of a"
            + " turn left running with Ctrl-C.")
    boolean last;

    @Parameters(arity = "0..*", paramLabel = "MESSAGE", description = "What to say; without it, a conversation.")
    java.util.List<String> words;

    Clock clock = Clock.systemUTC();

    @Override
    public Integer call() throws IOException {
        if (last) {
            return last();
        }
        SessionId id;
        try {
            id = session != null ? SessionId.of(session) : newSession();
        } catch (IllegalArgumentException e) {
            top.err().println(e.getMessage());
            return Exit.USAGE;
        }
        String who;
        try {
            who = speaker != null ? speaker : OwnerName.read(top.home(), top.env).orElse(null);
        } catch (ConfigException e) {
            top.err().println(e.getMessage());
            top.err().println(BxctlSentences.chatConfigInvalid(top.home().resolve(OwnerName.FILE)));
            return Exit.USAGE;
        }
        if (words != null && !words.isEmpty()) {
            int code = turn(id, String.join(" ", words), who);
            if (code == Exit.DONE && session == null) {
                // The new session's id, after its answer and on standard error (standard output is
                // the reply alone, for scripts), so that the owner can go on with it.
                top.err().println(BxctlSentences.chatContinue(id.value()));
                top.err().flush();
            }
            return code;
        }
        top.err().println(BxctlSentences.chatStarted(id.value()));
        top.err().flush();
        BufferedReader in = new BufferedReader(new InputStreamReader(top.in, StandardCharsets.UTF_8));
        // A refused turn does not end the conversation, but its exit code is the refusal's (bxctl.md),
        // so a script that feeds a conversation learns that a turn was not answered.
        int result = Exit.DONE;
        for (String line = in.readLine(); line != null; line = in.readLine()) {
            if (line.isBlank()) {
                continue;
            }
            int code = turn(id, line, who);
            if (code == Exit.NO_ANSWER) {
                return code;
            }
            if (code != Exit.DONE) {
                result = code;
            }
        }
        return result;
    }

    /** A new session's id: {@code chat-20260920t140211-3f9a}, the time and four random hex digits. */
    SessionId newSession() {
        byte[] random = new byte[2];
        new SecureRandom().nextBytes(random);
        return SessionId.of("chat-" + ID_TIME.format(clock.instant()) + "-" + HexFormat.of().formatHex(random));
    }

    /** {@code --last}: loopd's {@code last ID}, the answer of the session's last turn. */
    private int last() {
        if (session == null || (words != null && !words.isEmpty())) {
            throw new picocli.CommandLine.ParameterException(spec.commandLine(), BxctlSentences.LAST_NEEDS_SESSION);
        }
        return DaemonCall.run(top, top.loopSocket(), new LoopAdmin("last", session),
                Duration.ofSeconds(Wait.LOOP_ADMIN_SECONDS), RUNBOOK, LoopAdminReply.class, LoopAdminReply::text);
    }

    /**
     * One turn, printed as every command prints its reply (a refusal's body too, with --json). While
     * it runs, the calls it waits on the owner for are named ({@link ApprovalWatch}), and Ctrl-C says
     * that the turn goes on and how to read its answer.
     */
    private int turn(SessionId id, String text, String who) {
        Thread leftRunning = new Thread(() -> {
            top.err().println(BxctlSentences.turnLeftRunning(id.value()));
            top.err().flush();
        }, "bxctl-ctrl-c");
        Runtime.getRuntime().addShutdownHook(leftRunning);
        int code;
        try (ApprovalWatch watch = ApprovalWatch.start(top.brokerSocket(), id, top.err())) {
            code = DaemonCall.run(top, top.loopSocket(), new Turn(id, text, who),
                    Duration.ofSeconds(TURN_WAIT_SECONDS), RUNBOOK, TurnReply.class, TurnReply::text);
        } finally {
            try {
                Runtime.getRuntime().removeShutdownHook(leftRunning);
            } catch (IllegalStateException e) {
                // The JVM is shutting down (Ctrl-C): the hook runs.
            }
        }
        // A conversation shows each answer as it comes.
        top.out().flush();
        top.err().flush();
        return code;
    }
}
