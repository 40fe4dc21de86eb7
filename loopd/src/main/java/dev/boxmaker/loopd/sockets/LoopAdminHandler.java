package dev.boxmaker.loopd.sockets;

import dev.boxmaker.loopd.sentences.Sentences;
import dev.boxmaker.loopd.baseline.Baseline;
import dev.boxmaker.loopd.baseline.BaselineStore;
import dev.boxmaker.proto.SessionId;
import dev.boxmaker.proto.log.AssistantRecord;
import dev.boxmaker.proto.log.LogRecord;
import dev.boxmaker.proto.log.SessionLogReader;
import dev.boxmaker.proto.log.SessionLogs;
import dev.boxmaker.proto.server.Handler;
import dev.boxmaker.proto.server.HandlerRefusal;
import dev.boxmaker.proto.text.Escape;
import dev.boxmaker.proto.wire.msg.LoopAdmin;
import dev.boxmaker.proto.wire.msg.LoopAdminReply;
import dev.boxmaker.proto.wire.msg.Message;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.Reader;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.channels.Channels;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import org.jboss.logging.Logger;

/**
 * {@code loop_admin} (wire.md): {@code sessions} lists every session with its start and record
 * count; {@code show ID} is a session's log, one record a line, escaped so a log cannot draw on the
 * owner's terminal; {@code last ID} is the answer of the session's last turn, as its {@code turn_reply}
 * had it ({@code bxctl chat --session ID --last}, after the owner left a turn running).
 */
public final class LoopAdminHandler implements Handler<LoopAdmin> {
    private static final Logger LOG = Logger.getLogger(LoopAdminHandler.class);

    /** The most sessions {@code sessions} lists, newest names last. */
    public static final int SESSIONS_LISTED_MAX = 1_000;
    /** The longest {@code show} answer; a longer log is cut with a note. */
    public static final int SHOW_CHARS_MAX = 1_000_000;

    private final Path home;
    private final BaselineStore baselines;

    public LoopAdminHandler(Path home) {
        this.home = home;
        this.baselines = new BaselineStore(home);
    }

    @Override
    public Message handle(LoopAdmin request) throws HandlerRefusal, IOException {
        return switch (request.command()) {
            case "sessions" -> new LoopAdminReply(sessions());
            case "show" -> new LoopAdminReply(show(request.arg()));
            case "last" -> new LoopAdminReply(last(request.arg()));
            default -> throw new HandlerRefusal(Sentences.adminUnknown(request.command()));
        };
    }

    private String sessions() throws IOException {
        Path dir = home.resolve(SessionLogs.SESSIONS_DIR);
        if (!Files.isDirectory(dir)) {
            return Sentences.noSessions();
        }
        List<String> names;
        try (Stream<Path> list = Files.list(dir)) {
            names = list.filter(p -> !Files.isSymbolicLink(p) && !Files.isSymbolicLink(p.resolve(SessionLogs.LOG_FILE)))
                    .map(p -> p.getFileName().toString())
                    .filter(SessionId::isValid).sorted()
                    .limit(SESSIONS_LISTED_MAX).toList();
        }
        StringBuilder out = new StringBuilder();
        for (String name : names) {
            SessionId id = SessionId.of(name);
            Optional<Baseline> b;
            try {
                b = baselines.read(id);
            } catch (IOException | RuntimeException e) {
                b = Optional.empty();
            }
            out.append(out.isEmpty() ? "" : "\n").append(name).append("  started ")
                    .append(b.map(Baseline::created).orElse("(no baseline)")).append("  ")
                    .append(Sentences.count(lines(SessionLogs.file(home, id)))).append(" records");
        }
        return out.isEmpty() ? Sentences.noSessions() : out.toString();
    }

    /** The last record's text when it closes its turn; a refusal naming the turn while it has no answer. */
    private String last(String arg) throws HandlerRefusal, IOException {
        if (!SessionId.isValid(arg) || !Files.isDirectory(SessionLogs.dir(home, SessionId.of(arg)))) {
            throw new HandlerRefusal(Sentences.noSuchSession(arg));
        }
        Path file = SessionLogs.file(home, SessionId.of(arg));
        LogRecord last = null;
        if (Files.exists(file)) {
            SessionLogReader reader = new SessionLogReader(file);
            SessionLogReader.Batch batch = reader.read(0L);
            while (true) {
                if (!batch.records().isEmpty()) {
                    last = batch.records().get(batch.records().size() - 1);
                }
                if (!batch.more()) {
                    break;
                }
                batch = reader.read(batch.next());
            }
        }
        if (last == null) {
            throw new HandlerRefusal(Sentences.noTurns(arg));
        }
        if (last instanceof AssistantRecord a && a.closesTurn()) {
            return a.content() == null ? "" : a.content();
        }
        throw new HandlerRefusal(Sentences.noAnswerYet(arg, last.turn()));
    }

    private String show(String arg) throws HandlerRefusal, IOException {
        // A folder that is a link is no session of this home: nothing under sessions/ is followed.
        if (!SessionId.isValid(arg)
                || !Files.isDirectory(SessionLogs.dir(home, SessionId.of(arg)), LinkOption.NOFOLLOW_LINKS)
                || Files.isSymbolicLink(SessionLogs.file(home, SessionId.of(arg)))) {
            // A linked log is no session of this home either: named in loopd's log, never read.
            if (SessionId.isValid(arg) && Files.isSymbolicLink(SessionLogs.file(home, SessionId.of(arg)))) {
                LOG.warn(dev.boxmaker.proto.Sentences.linkRefused(SessionLogs.file(home, SessionId.of(arg))));
            }
            throw new HandlerRefusal(Sentences.noSuchSession(arg));
        }
        Path file = SessionLogs.file(home, SessionId.of(arg));
        if (!Files.exists(file)) {
            return "";
        }
        // The whole lines only: a final line without its newline is a write in progress (home.md).
        // Bytes that are not UTF-8 (a damaged log) are shown as U+FFFD, so the owner sees the damage.
        long whole = lines(file);
        StringBuilder out = new StringBuilder();
        StringBuilder line = new StringBuilder();
        try (Reader in = new BufferedReader(new InputStreamReader(Channels.newInputStream(SessionLogs.open(file, StandardOpenOption.READ)),
                StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPLACE)
                        .onUnmappableCharacter(CodingErrorAction.REPLACE)))) {
            for (long shownLines = 0; shownLines < whole; ) {
                int c = in.read();
                if (c < 0) {
                    break;
                }
                if (c != '\n') {
                    if (line.length() <= SHOW_CHARS_MAX) {
                        line.append((char) c);
                    }
                    continue;
                }
                shownLines++;
                String shown = Escape.escapeLine(line.toString());
                line.setLength(0);
                if (out.length() + shown.length() > SHOW_CHARS_MAX) {
                    return out.append(Sentences.showCut(SHOW_CHARS_MAX)).toString();
                }
                out.append(shown).append('\n');
            }
        }
        return out.toString();
    }

    /** The log's whole lines, counted as bytes so that a damaged one is counted too. */
    private static long lines(Path file) throws IOException {
        if (!Files.exists(file)) {
            return 0;
        }
        long n = 0;
        byte[] buffer = new byte[64 * 1024];
        try (InputStream in = Channels.newInputStream(SessionLogs.open(file, StandardOpenOption.READ))) {
            for (int read = in.read(buffer); read >= 0; read = in.read(buffer)) {
                for (int i = 0; i < read; i++) {
                    if (buffer[i] == '\n') {
                        n++;
                    }
                }
            }
        }
        return n;
    }
}
