package dev.boxmaker.memoryd.sentences;

import dev.boxmaker.proto.Numbers;
import java.nio.file.Path;

/**
 * memoryd's start-up, the memory block and its usage line
 */
public final class StartSentences {
    private StartSentences() {
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
        return dev.boxmaker.proto.Sentences.startFailed("memoryd", why);
    }

    public static final String USAGE = "usage: memoryd serve [--config FILE]";

    /**
     * An append to the journal, pending.jsonl or the recall log that a stop interrupted, cut off
     * before the file is appended to again.
     */
    public static String unfinishedLineDropped(Path file, long bytes) {
        return "dropped an unfinished last line of " + Numbers.grouped(bytes) + " bytes from " + file
                + ", left by a write that a stop interrupted and that was never answered";
    }
}
