package dev.boxmaker.bench;

import dev.boxmaker.proto.client.SocketClient;
import dev.boxmaker.proto.wire.msg.Message;
import dev.boxmaker.proto.wire.msg.ToolResponse;
import java.nio.file.Path;
import java.time.Duration;

/** One client's tool calls on a socket, one after another, each timed from its send to its answer. */
final class SerialCalls {
    private SerialCalls() {
    }

    /** Each call's nanoseconds; a reply other than a {@code tool_response} ends the run. */
    static long[] time(Path socket, Message request, int calls, Duration wait) throws Exception {
        long[] nanos = new long[calls];
        for (int i = 0; i < calls; i++) {
            long begin = System.nanoTime();
            Message reply = SocketClient.call(socket, request, wait, wait, "bench");
            nanos[i] = System.nanoTime() - begin;
            if (!(reply instanceof ToolResponse)) {
                throw new IllegalStateException("unexpected reply " + reply);
            }
        }
        return nanos;
    }
}
