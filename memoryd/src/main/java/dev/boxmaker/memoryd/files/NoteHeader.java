package dev.boxmaker.memoryd.files;

import dev.boxmaker.proto.DataClass;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.Objects;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A notes.md header line (memoryd.md, "notes.md"), exactly one of:
 * {@code § noted <time> in session <SessionId> · <class>[ · untrusted][ · flagged[ <rule>]]},
 * {@code § moved <time> from <file> in session <SessionId>},
 * {@code § dropped <time> from <file> in session <SessionId>},
 * {@code § retracted <time> note <edit id> by the owner}.
 * Fields a kind does not use are null (or false). {@code flagRule} is the sanitizer's flag rule that
 * kept the note local (sanitize.md), or null, also for a flagged header written without one.
 */
public record NoteHeader(Kind kind, String time, String session, String file, DataClass dataClass,
        boolean untrusted, boolean flagged, String noteId, String flagRule) {

    public enum Kind { NOTED, MOVED, DROPPED, RETRACTED }

    /** Header times are UTC to the minute: {@code 2026-09-24T21:02Z}. */
    public static final DateTimeFormatter TIME =
            DateTimeFormatter.ofPattern("uuuu-MM-dd'T'HH:mm'Z'").withZone(ZoneOffset.UTC);

    private static final String T = "(\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}Z)";
    private static final String SID = "([a-z][a-z0-9]{0,15}-[A-Za-z0-9_-]{1,128})";
    private static final Pattern NOTED = Pattern.compile(
            "§ noted " + T + " in session " + SID + " · (public|private|secret)( · untrusted)?( · flagged(?: ([a-z][a-z-]{0,31}))?)?");
    private static final Pattern MOVED_OR_DROPPED = Pattern.compile(
            "§ (moved|dropped) " + T + " from (memory\\.md|user\\.md) in session " + SID);
    private static final Pattern RETRACTED = Pattern.compile(
            "§ retracted " + T + " note (\\d{4}-\\d{2}-\\d{2}-\\d{4}) by the owner");

    public NoteHeader {
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(time, "time");
    }

    public static NoteHeader noted(Instant at, String session, DataClass dataClass, boolean untrusted, boolean flagged) {
        return new NoteHeader(Kind.NOTED, TIME.format(at), session, null, dataClass, untrusted, flagged, null, null);
    }

    /** A note's header, flagged by the sanitizer's rule {@code flagRule} when it is not null. */
    public static NoteHeader noted(Instant at, String session, DataClass dataClass, boolean untrusted, String flagRule) {
        return new NoteHeader(Kind.NOTED, TIME.format(at), session, null, dataClass, untrusted, flagRule != null, null,
                flagRule);
    }

    public static NoteHeader moved(Instant at, IdentityFile from, String session) {
        return new NoteHeader(Kind.MOVED, TIME.format(at), session, from.fileName(), null, false, false, null, null);
    }

    public static NoteHeader dropped(Instant at, IdentityFile from, String session) {
        return new NoteHeader(Kind.DROPPED, TIME.format(at), session, from.fileName(), null, false, false, null, null);
    }

    public static NoteHeader retracted(Instant at, String noteId) {
        return new NoteHeader(Kind.RETRACTED, TIME.format(at), null, null, null, false, false, noteId, null);
    }

    /** The header line, without its newline. */
    public String line() {
        return switch (kind) {
            case NOTED -> "§ noted " + time + " in session " + session + " · " + dataClass.wire()
                    + (untrusted ? " · untrusted" : "") + (flagged ? " · flagged" : "")
                    + (flagRule != null ? " " + flagRule : "");
            case MOVED -> "§ moved " + time + " from " + file + " in session " + session;
            case DROPPED -> "§ dropped " + time + " from " + file + " in session " + session;
            case RETRACTED -> "§ retracted " + time + " note " + noteId + " by the owner";
        };
    }

    /** The header {@code line} holds, if it matches the grammar exactly. */
    public static Optional<NoteHeader> parse(String line) {
        // Every header starts so; most lines (bodies) are ruled out here without a pattern.
        if (!line.startsWith("§ ")) {
            return Optional.empty();
        }
        Matcher m = NOTED.matcher(line);
        if (m.matches()) {
            return Optional.of(new NoteHeader(Kind.NOTED, m.group(1), m.group(2), null, DataClass.parse(m.group(3)),
                    m.group(4) != null, m.group(5) != null, null, m.group(6)));
        }
        m = MOVED_OR_DROPPED.matcher(line);
        if (m.matches()) {
            Kind kind = m.group(1).equals("moved") ? Kind.MOVED : Kind.DROPPED;
            return Optional.of(new NoteHeader(kind, m.group(2), m.group(4), m.group(3), null, false, false, null, null));
        }
        m = RETRACTED.matcher(line);
        if (m.matches()) {
            return Optional.of(new NoteHeader(Kind.RETRACTED, m.group(1), null, null, null, false, false, m.group(2),
                    null));
        }
        return Optional.empty();
    }
}
