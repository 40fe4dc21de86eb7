package dev.boxmaker.memoryd.sentences;

import dev.boxmaker.proto.Numbers;
import java.nio.file.Path;

/**
 * What the index logs and answers as it reads, updates and rebuilds
 */
public final class IndexSentences {
    private IndexSentences() {
    }

    /**
     * One log line: a session log is read up to a line that cannot be read (the records before it
     * are indexed) and no further; loopd reports damage itself.
     */
    public static String logSkipped(Path log, String why) {
        return "the index reads no further in " + log + ": " + why;
    }

    /** One log line per record whose text is longer than the index keeps of it. */
    public static String recordTextCut(String session, long record, long bytes, long kept) {
        return "the index keeps the first " + Numbers.grouped(kept) + " bytes of record " + Numbers.grouped(record)
                + " of session " + session + ", which is " + Numbers.grouped(bytes) + " bytes; recall finds it by"
                + " those";
    }

    public static String sessionsUnreadable(Path dir, String why) {
        return "the index could not list " + dir + ": " + why;
    }

    public static String notesReadAgain(Path notes) {
        return "the index reads " + notes + " again whole: it no longer goes on from where the index had read it"
                + " (edited, or an append cut short)";
    }

    public static String notesUnreadable(Path notes, String why) {
        return "the index could not read " + notes + ": " + why;
    }

    /** The log line for a recall-log file the background flush could not flush; its lines are in the file. */
    public static String recallLogNotFlushed(java.nio.file.Path file, String why) {
        return "the recall log " + file + " could not be flushed to disk: " + why;
    }

    public static String indexWriteFailed(String why) {
        return "the index could not be updated: " + why + "; it catches up at the next update or start";
    }

    public static String indexDamagedLog(Path file, String why) {
        return "the index " + file + " is damaged (" + why + "); recall is unavailable until bxctl reindex "
                + "(runbook memory-index-damaged)";
    }

    public static String indexRebuilding(Path file, int found, int wanted) {
        return "the index " + file + " has layout " + found + " and this memoryd writes layout " + wanted
                + "; rebuilding it (recall answers from the old file meanwhile)";
    }

    /** {@code the index /home/index/memory.sqlite3 was built: 42 logs, 1,208 records, 7 notes, in 3.2 s}. */
    public static String indexBuilt(Path file, long logs, long records, long notes, long millis) {
        return "the index " + file + " was built: " + dev.boxmaker.proto.Sentences.rebuildRead(logs, records, notes)
                + ", in " + millis / 1000 + "." + millis % 1000 / 100 + " s";
    }

    public static String indexOtherLayout(int found, int wanted) {
        return "the index has layout " + found + ", not " + wanted + "; bxctl reindex rebuilds it";
    }

    public static String reindexFailed(String why) {
        return "reindex failed: " + why + "; the index is as it was";
    }
}
