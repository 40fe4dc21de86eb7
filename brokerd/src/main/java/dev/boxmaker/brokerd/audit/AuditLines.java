package dev.boxmaker.brokerd.audit;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/**
 * The whole lines of an audit file, read as bytes through a fixed buffer, each decoded as UTF-8 on its
 * own: a damaged byte is then a fault of its line, which the caller can name, not a decoder's
 * exception for the file, and an overlong line is never held whole.
 */
final class AuditLines {
    /** How much of the file one read takes. */
    static final int CHUNK_BYTES = 64 * 1024;

    /** Takes each line in turn, by its number from 1. */
    @FunctionalInterface
    interface Reader {
        /** {@code text} is empty when the line is not UTF-8 or is longer than the limit. */
        void line(long number, Optional<String> text) throws AuditLog.Broken;
    }

    private AuditLines() {
    }

    /** Every line of {@code file} that ends in a newline, keeping at most {@code bytesMax} bytes of one. */
    static void read(Path file, int bytesMax, Reader reader) throws IOException, AuditLog.Broken {
        byte[] chunk = new byte[CHUNK_BYTES];
        ByteArrayOutputStream line = new ByteArrayOutputStream();
        boolean over = false;
        long number = 0;
        try (InputStream in = Files.newInputStream(file)) {
            for (int n = in.read(chunk); n >= 0; n = in.read(chunk)) {
                int from = 0;
                for (int i = 0; i < n; i++) {
                    if (chunk[i] == '\n') {
                        over = keep(line, chunk, from, i - from, bytesMax, over);
                        reader.line(++number, over ? Optional.empty() : decode(line.toByteArray()));
                        line.reset();
                        over = false;
                        from = i + 1;
                    }
                }
                over = keep(line, chunk, from, n - from, bytesMax, over);
            }
        }
    }

    /** The bytes as UTF-8 text; empty when they are not UTF-8. */
    static Optional<String> decode(byte[] bytes) {
        try {
            return Optional.of(StandardCharsets.UTF_8.newDecoder().decode(ByteBuffer.wrap(bytes)).toString());
        } catch (CharacterCodingException e) {
            return Optional.empty();
        }
    }

    /** Adds a piece of the line; true once the line is over {@code max} bytes, and then nothing more is kept. */
    private static boolean keep(ByteArrayOutputStream line, byte[] chunk, int from, int length, int max, boolean over) {
        if (over || line.size() + length > max) {
            return true;
        }
        line.write(chunk, from, length);
        return false;
    }
}
