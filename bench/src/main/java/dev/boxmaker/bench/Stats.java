package dev.boxmaker.bench;

import java.util.Arrays;
import java.util.List;

/** Latency figures from a run: percentiles in microseconds and requests per second. */
record Stats(String name, int threads, long requests, double seconds, long p50Micros, long p99Micros) {
    static Stats of(String name, int threads, long[] nanos, double seconds) {
        long[] sorted = nanos.clone();
        Arrays.sort(sorted);
        return new Stats(name, threads, sorted.length, seconds,
                sorted[(int) (sorted.length * 0.50)] / 1000, sorted[Math.min(sorted.length - 1, (int) (sorted.length * 0.99))] / 1000);
    }

    /** One thread's calls one after another: the rate is one over the mean. */
    static Stats serial(String name, long[] nanos) {
        return of(name, 1, nanos, java.util.Arrays.stream(nanos).sum() / 1e9);
    }

    /** {@link #serial(String, long[])} over rounds measured apart, taken as one run. */
    static Stats serial(String name, List<long[]> rounds) {
        long[] all = new long[rounds.stream().mapToInt(p -> p.length).sum()];
        int at = 0;
        for (long[] p : rounds) {
            System.arraycopy(p, 0, all, at, p.length);
            at += p.length;
        }
        return serial(name, all);
    }

    double perSecond() {
        return requests / seconds;
    }

    String row() {
        return String.format("| %-34s | %2d | %,9d | %,8d | %,8d | %,10.0f |",
                name, threads, requests, p50Micros, p99Micros, perSecond());
    }

    static String header() {
        return "| what | threads | requests | p50 µs | p99 µs | requests/s |\n|---|---|---|---|---|---|";
    }
}
