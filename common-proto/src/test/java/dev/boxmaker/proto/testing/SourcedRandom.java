package dev.boxmaker.proto.testing;

import java.util.Random;
import java.util.function.Function;
import org.quicktheories.core.Gen;
import org.quicktheories.core.RandomnessSource;
import org.quicktheories.impl.Constraint;

/**
 * A {@link Random} whose every draw is taken from QuickTheories' randomness source, so a structure a
 * generator builds with {@code nextInt}, {@code nextBoolean} or {@code Collections.shuffle} is drawn
 * by the library: it replays from the run's seed, and it shrinks, since every draw shrinks towards 0
 * (the first choice, the shortest length). Draw from it only while a value is generated ({@link #gen},
 * or a generator that calls {@link #from}); code that draws later gets {@link #recorded} draws.
 */
public final class SourcedRandom extends Random {
    private static final long serialVersionUID = 1L;
    private final transient RandomnessSource source;

    private SourcedRandom(RandomnessSource source) {
        super(0);
        this.source = source;
    }

    /** A generator of what {@code build} makes from a random whose draws are the library's. */
    public static <T> Gen<T> gen(Function<Random, T> build) {
        return source -> build.apply(new SourcedRandom(source));
    }

    /** A random drawing from {@code source}; for a generator that also draws with QuickTheories' own. */
    public static Random from(RandomnessSource source) {
        return new SourcedRandom(source);
    }

    /**
     * A random for code that draws later, outside the generation (a helper handed a {@code Random}):
     * it replays {@code draws} draws taken now from {@code random}, then 0s. Each shrinks as a draw does.
     */
    public static Random recorded(Random random, int draws) {
        int[] tape = new int[draws];
        for (int i = 0; i < draws; i++) {
            tape[i] = random.nextInt();
        }
        return new Tape(tape);
    }

    /** Draws replayed from a tape. */
    private static final class Tape extends Random {
        private static final long serialVersionUID = 1L;
        private final int[] tape;
        private int next;

        Tape(int[] tape) {
            super(0);
            this.tape = tape;
        }

        @Override
        protected int next(int bits) {
            return next < tape.length ? tape[next++] >>> (32 - bits) : 0;
        }

        @Override
        public String toString() {
            return "a tape of " + tape.length + " draws";
        }
    }

    @Override
    protected int next(int bits) {
        return (int) source.next(Constraint.between(0, (1L << bits) - 1));
    }
}
