package dev.boxmaker.loopd.model;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.net.http.HttpResponse;
import java.nio.ByteBuffer;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Flow;

/**
 * A model's reply body, read up to a limit: the JDK's own byte-array body reads whatever the server
 * sends, so a server that never stops would fill loopd's memory. Past the limit the read stops and the
 * body fails with {@link TooLarge}; {@link #cancel} stops it from outside (the call's deadline).
 */
final class ReplyBody implements HttpResponse.BodySubscriber<byte[]> {
    /** The body passed the limit; nothing more of it was read. */
    static final class TooLarge extends IOException {
        TooLarge() {
            super("the reply is over the limit", null);
        }
    }

    private final int bytesMax;
    private final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    private final CompletableFuture<byte[]> body = new CompletableFuture<>();
    private volatile Flow.Subscription subscription;
    private volatile boolean cancelled;

    ReplyBody(int bytesMax) {
        this.bytesMax = bytesMax;
    }

    @Override
    public void onSubscribe(Flow.Subscription s) {
        subscription = s;
        if (cancelled) {
            s.cancel();
            return;
        }
        s.request(Long.MAX_VALUE);
    }

    @Override
    public void onNext(List<ByteBuffer> items) {
        if (body.isDone()) {
            return;
        }
        for (ByteBuffer item : items) {
            if (bytes.size() + (long) item.remaining() > bytesMax) {
                subscription.cancel();
                body.completeExceptionally(new TooLarge());
                return;
            }
            byte[] chunk = new byte[item.remaining()];
            item.get(chunk);
            bytes.write(chunk, 0, chunk.length);
        }
    }

    @Override
    public void onError(Throwable failure) {
        body.completeExceptionally(failure);
    }

    @Override
    public void onComplete() {
        body.complete(bytes.toByteArray());
    }

    @Override
    public CompletionStage<byte[]> getBody() {
        return body;
    }

    /** Stops reading: the call gave up on this reply. */
    void cancel() {
        cancelled = true;
        Flow.Subscription s = subscription;
        if (s != null) {
            s.cancel();
        }
        body.cancel(false);
    }
}
