package dev.boxmaker.bxctl;

import dev.boxmaker.proto.SessionId;
import dev.boxmaker.proto.client.Wait;
import dev.boxmaker.proto.config.ConfigException;
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

    private static final DateTimeFormatter ID_TIME = DateTimeFormatter.ofPattern("yyyyMMdd't'HHmmss").withZone(ZoneOffset.UTC);

    @ParentCommand
    Bxctl top;

    @Option(names = "--session", paramLabel = "ID", description = "Continue this session (default: a new one).")
    String session;

    @Option(names = "--speaker", paramLabel = "NAME",
            description = "Who is speaking (default: [owner] name in {home}/bxctl.toml, else nobody named).")
    String speaker;

    @Parameters(arity = "0..*", paramLabel = "MESSAGE", description = "What to say; without it, a conversation.")
    java.util.List<String> words;

    Clock clock = Clock.systemUTC();

    @Override
    public Integer call() throws IOException {
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

    /** One turn, printed as every command prints its reply (a refusal's body too, with --json). */
    private int turn(SessionId id, String text, String who) {
        int code = DaemonCall.run(top, top.loopSocket(), new Turn(id, text, who),
                Duration.ofMinutes(Wait.TURN_MINUTES), RUNBOOK, TurnReply.class, TurnReply::text);
        // A conversation shows each answer as it comes.
        top.out().flush();
        top.err().flush();
        return code;
    }
}
