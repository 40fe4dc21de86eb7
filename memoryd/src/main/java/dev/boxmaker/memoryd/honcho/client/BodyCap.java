package dev.boxmaker.memoryd.honcho.client;

import jakarta.ws.rs.client.ClientRequestContext;
import jakarta.ws.rs.client.ClientResponseContext;
import jakarta.ws.rs.client.ClientResponseFilter;
import java.io.IOException;
import java.io.InputStream;

/**
 * Reads an answer's body up to {@link #RESPONSE_BYTES_MAX}: one byte more and reading it fails, so a
 * runaway answer is a bad answer, not memory spent. The REST client hands a method that answers a
 * {@link jakarta.ws.rs.core.Response} its body as a stream read from the socket on demand (Quarkus
 * REST's {@code VertxClientInputStream}, not a buffer of the whole body), so stopping here stops the
 * reading; {@link HonchoClient} then closes the connection, so the rest is never read.
 */
final class BodyCap implements ClientResponseFilter {
    /** The largest body read from Honcho. */
    public static final int RESPONSE_BYTES_MAX = 1024 * 1024;

    /** Thrown by the capped stream; its message holds no part of the body. */
    static final class TooLarge extends IOException {
        private static final long serialVersionUID = 1L;

        TooLarge() {
            super("the answer is larger than " + RESPONSE_BYTES_MAX + " bytes");
        }
    }

    /** Whether {@code e}, or an exception it wraps, is the cap's: the answer ran past it. */
    static boolean pastCap(Throwable e) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof TooLarge) {
                return true;
            }
        }
        return false;
    }

    @Override
    public void filter(ClientRequestContext request, ClientResponseContext response) {
        if (response.hasEntity()) {
            response.setEntityStream(new Capped(response.getEntityStream()));
        }
    }

    private static final class Capped extends InputStream {
        private final InputStream in;
        private long read;

        Capped(InputStream in) {
            this.in = in;
        }

        @Override
        public int read() throws IOException {
            int b = in.read();
            if (b >= 0 && ++read > RESPONSE_BYTES_MAX) {
                throw new TooLarge();
            }
            return b;
        }

        @Override
        public int read(byte[] buffer, int offset, int length) throws IOException {
            int n = in.read(buffer, offset, length);
            if (n > 0 && (read += n) > RESPONSE_BYTES_MAX) {
                throw new TooLarge();
            }
            return n;
        }

        @Override
        public void close() throws IOException {
            in.close();
        }
    }
}
