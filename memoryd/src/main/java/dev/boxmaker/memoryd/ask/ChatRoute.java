package dev.boxmaker.memoryd.ask;

import dev.boxmaker.memoryd.honcho.client.HonchoServer;
import dev.boxmaker.memoryd.honcho.client.HonchoTimeouts;
import dev.boxmaker.memoryd.sentences.AskSentences;
import java.net.URI;
import java.util.Optional;
import java.util.concurrent.locks.ReentrantLock;
import org.jboss.logging.Logger;

/**
 * Whether the server has workspace chat, recognised once from its OpenAPI document at the first ask
 * that needs it (never switched by one workspace's 404), and logged once. Until it could be read (the
 * server unreachable), an ask goes the way that works on every server, peer chat, and the next ask
 * reads the document again.
 */
final class ChatRoute {
    private static final Logger LOG = Logger.getLogger(ChatRoute.class);

    private final URI url;
    private final HonchoTimeouts timeouts;
    private final ReentrantLock reading = new ReentrantLock();
    private volatile Boolean workspaceChat;

    ChatRoute(URI url, HonchoTimeouts timeouts) {
        this.url = url;
        this.timeouts = timeouts;
    }

    /** Whether to ask workspace chat; blocks while another thread reads the document (interruptibly). */
    boolean workspaceChat() throws InterruptedException {
        Boolean known = workspaceChat;
        if (known != null) {
            return known;
        }
        reading.lockInterruptibly();
        try {
            if (workspaceChat == null) {
                Optional<Boolean> read = HonchoServer.workspaceChat(url, timeouts);
                if (read.isEmpty()) {
                    return false;
                }
                workspaceChat = read.get();
                LOG.info(read.get() ? AskSentences.WORKSPACE_CHAT_SERVED : AskSentences.WORKSPACE_CHAT_MISSING);
            }
            return workspaceChat;
        } finally {
            reading.unlock();
        }
    }
}
