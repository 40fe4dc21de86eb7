package dev.boxmaker.memoryd.check;

/** The lines of a text as the check reads them (split on newline), for the rules that judge a line. */
final class Lines {
    /** A test of the line {@code text[start, end)}. */
    @FunctionalInterface
    interface Test {
        boolean holds(String text, int start, int end);
    }

    private Lines() {
    }

    /** The start of the first line for which {@code test} holds, or -1. */
    static int first(String text, Test test) {
        int start = 0;
        while (start <= text.length()) {
            int end = text.indexOf('\n', start);
            if (end < 0) {
                end = text.length();
            }
            if (test.holds(text, start, end)) {
                return start;
            }
            start = end + 1;
        }
        return -1;
    }

    /** The line that starts at {@code start}, without its newline. */
    static String at(String text, int start) {
        int end = text.indexOf('\n', start);
        return text.substring(start, end < 0 ? text.length() : end);
    }

    /** Where white space (as {@link WhiteSpace} reads it) from {@code at} ends, at most at {@code end}. */
    static int skipWhiteSpace(String text, int at, int end) {
        while (at < end) {
            int codePoint = text.codePointAt(at);
            if (!WhiteSpace.is(codePoint)) {
                break;
            }
            at += Character.charCount(codePoint);
        }
        return at;
    }
}
