package dev.boxmaker.memoryd.ask;

import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The threads ask_memory's chats block on: {@link #CHATS_AT_ONCE_MAX} of them, shared by every call,
 * so no more chats than that run at once however many calls come (the M5c spec, section 9), with a
 * bounded queue behind them. A chat the queue cannot take is refused at once, and that workspace
 * answers {@code unavailable}.
 */
final class ChatPool {
    /** Chats running at once, across every call. */
    static final int CHATS_AT_ONCE_MAX = 2;
    /** Chats waiting for a thread: 16 calls of four workspaces each. */
    static final int CHATS_QUEUED_MAX = 64;

    private ChatPool() {
    }

    static ThreadPoolExecutor create() {
        AtomicInteger count = new AtomicInteger();
        ThreadPoolExecutor pool = new ThreadPoolExecutor(CHATS_AT_ONCE_MAX, CHATS_AT_ONCE_MAX, 0L, TimeUnit.MILLISECONDS,
                new ArrayBlockingQueue<>(CHATS_QUEUED_MAX), r -> {
                    Thread t = new Thread(r, "memoryd-ask-" + count.incrementAndGet());
                    t.setDaemon(true);
                    return t;
                });
        return pool;
    }
}
