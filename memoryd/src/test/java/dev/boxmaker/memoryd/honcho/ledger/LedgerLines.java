package dev.boxmaker.memoryd.honcho.ledger;

/** Generated ledgers for tests and the start-up measure. */
final class LedgerLines {
    private LedgerLines() {
    }

    /**
     * {@code lines} lines (a multiple of 4): per group of four, a turn of session {@code gen} decided
     * and sent, an edit decided for nowhere, and a turn decided that stays waiting.
     */
    static String generated(int lines) {
        StringBuilder text = new StringBuilder(lines * 120);
        for (int i = 0; i < lines / 4; i++) {
            String time = "\"time\":\"2026-12-02T08:00:00Z\"";
            text.append("{\"event\":\"decided\",").append(time).append(",\"session\":\"gen\",\"turn\":").append(i)
                    .append(",\"workspace\":\"bx-trusted\",\"why\":\"clean\"}\n");
            text.append("{\"event\":\"sent\",").append(time).append(",\"session\":\"gen\",\"turn\":").append(i)
                    .append(",\"workspace\":\"bx-trusted\",\"ids\":[\"AbCdEfGhIjKlMnOpQrStU\"]}\n");
            text.append("{\"event\":\"decided\",").append(time).append(",\"edit\":\"2026-12-02-")
                    .append(String.format("%04d", i % 9999 + 1)).append("\",\"workspace\":null,\"why\":\"flagged\"}\n");
            text.append("{\"event\":\"decided\",").append(time).append(",\"session\":\"wait\",\"turn\":").append(i)
                    .append(",\"workspace\":\"bx-untrusted\",\"why\":\"untrusted\"}\n");
        }
        return text.toString();
    }
}
