package dev.boxmaker.memoryd.tool;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import dev.boxmaker.proto.Json;
import dev.boxmaker.proto.SessionId;
import dev.boxmaker.proto.log.SessionLogReader;
import dev.boxmaker.proto.log.SessionLogs;
import dev.boxmaker.proto.log.UnfinishedLine;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * The turn a {@code memory} call came in, read from its session's log: {@code memory_call} carries no
 * turn (wire.md), but loopd appends a turn's {@code user} record before any of its tool calls and
 * runs one turn of a session at a time (loopd.md, "A turn"), so the log's last whole record, whatever
 * its type, belongs to the calling turn. Only that line's start is parsed ({@code type}, {@code time}
 * and {@code turn} come first in every record), after a bounded scan back from the log's end for where
 * it starts. The turn is null when the session has no log, the log holds no whole line in its last
 * {@link #TAIL_BYTES_MAX} bytes, the line does not name a turn within {@link #HEAD_BYTES_MAX} bytes, or
 * the log cannot be read (a symbolic link is refused, as everywhere under {@code sessions/}).
 */
public final class CallTurns {
    /**
     * How far back from the log's end the last whole line is looked for, in bytes: two of the log's
     * longest lines, an unfinished last line and the whole one before it.
     */
    public static final long TAIL_BYTES_MAX = 2L * (SessionLogReader.LINE_BYTES_MAX + 1);

    /** How much of the last line's start is parsed for its turn, in bytes. */
    public static final int HEAD_BYTES_MAX = 4 * 1024;

    /** For a memoryd that reads no logs (tests of the store alone): every turn is null. */
    public static final CallTurns NONE = new CallTurns(null);

    private final Path home;

    /** Reads the logs under {@code home}'s {@code sessions/}. */
    public CallTurns(Path home) {
        this.home = home;
    }

    /** The turn of {@code session}'s last whole record, or null (see the class). */
    public Long of(SessionId session) {
        if (home == null) {
            return null;
        }
        Path file = SessionLogs.file(home, session);
        if (!Files.isRegularFile(file, LinkOption.NOFOLLOW_LINKS)) {
            return null;
        }
        try (FileChannel log = SessionLogs.open(file, StandardOpenOption.READ)) {
            return lastTurn(log);
        } catch (IOException e) {
            return null;
        }
    }

    /** The turn of the last whole line of {@code log}, or null. */
    static Long lastTurn(FileChannel log) throws IOException {
        long size = log.size();
        long floor = Math.max(0, size - TAIL_BYTES_MAX);
        long end = UnfinishedLine.lastNewline(log, size, floor);
        if (end < 0) {
            return null;
        }
        long before = UnfinishedLine.lastNewline(log, end, floor);
        if (before < 0 && floor > 0) {
            return null;
        }
        long start = before + 1;
        ByteBuffer head = ByteBuffer.allocate((int) Math.min(HEAD_BYTES_MAX, end - start));
        while (head.hasRemaining() && log.read(head, start + head.position()) > 0) {
            // reads until the head is full
        }
        return turnIn(head.array(), head.position());
    }

    /** The top-level {@code turn} of the JSON object the bytes start; null when they end before it. */
    static Long turnIn(byte[] bytes, int length) {
        try (JsonParser p = Json.MAPPER.getFactory().createParser(bytes, 0, length)) {
            if (p.nextToken() != JsonToken.START_OBJECT) {
                return null;
            }
            while (p.nextToken() == JsonToken.FIELD_NAME) {
                String name = p.currentName();
                JsonToken value = p.nextToken();
                if (name.equals("turn")) {
                    return value == JsonToken.VALUE_NUMBER_INT && p.getLongValue() >= 0 ? p.getLongValue() : null;
                }
                p.skipChildren();
            }
            return null;
        } catch (IOException cutOrNotJson) {
            return null;
        }
    }
}
