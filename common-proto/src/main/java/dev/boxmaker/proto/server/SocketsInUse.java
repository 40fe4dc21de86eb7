package dev.boxmaker.proto.server;

import java.nio.file.Path;

/**
 * The refusal of a start where another process answers on one of a daemon's sockets, for its
 * command-line check before it opens anything. A class of its own rather than a method of
 * {@link SocketServer}, whose loading makes the JSON codec (a reply frame made in advance): memoryd
 * runs this check before its index opens, and the codec's loading would put that off by about
 * 0.1 s of a cold start.
 */
public final class SocketsInUse {
    private SocketsInUse() {
    }

    /**
     * Refuses when another process answers on one of {@code sockets}: a second daemon on a running
     * home then stops with the sentence alone, from its command-line check, instead of opening its
     * files and failing inside Quarkus. Nothing is removed; a stale socket is left for
     * {@link SocketServer#start()} to clear, and the check there still catches a daemon that began
     * answering in between.
     *
     * @throws ServerStartException with {@code Sentences.socketInUse}, for the first socket answered on
     */
    public static void refuse(Path... sockets) {
        for (Path socket : sockets) {
            SocketFiles.refuseLive(socket.toAbsolutePath());
        }
    }
}
