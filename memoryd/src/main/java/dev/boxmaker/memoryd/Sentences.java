package dev.boxmaker.memoryd;

import dev.boxmaker.proto.Numbers;
import java.nio.file.Path;

/**
 * Every sentence memoryd lets the model or the owner read, in one place (conventions.md); a test
 * pins each one's exact text.
 */
public final class Sentences {
    private Sentences() {
    }

    // Start-up and the memory block (the M5a spec, sections 3 and 4).

    public static String overLimit(Path file, long chars, long max) {
        return file + " is " + Numbers.grouped(chars) + " of " + Numbers.grouped(max)
                + " characters, over its limit; shorten it with an editor";
    }

    public static String unreadable(Path file, String why) {
        return file + " cannot be read (" + why + "); fix or restore it";
    }

    public static String soulStarterMissing(Path starter) {
        return "the soul.md starter " + starter + " does not exist; fix [memory] soul_starter or create the file";
    }

    public static String startFailed(String why) {
        return "memoryd could not start: " + why + " (runbook memoryd-start-failed)";
    }

    public static final String USAGE = "usage: memoryd serve [--config FILE]";

    // memory_admin (bxctl memory ...).

    public static String unknownAdminCommand(String command) {
        return "unknown memory command \"" + dev.boxmaker.proto.Sentences.quote(command)
                + "\"; the commands are log, undo, pending, accept, reject, show";
    }
}
