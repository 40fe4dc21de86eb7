package dev.boxmaker.brokerd.audit;

import dev.boxmaker.proto.log.LineScanner;
import dev.boxmaker.proto.log.LogFormatException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Arrays;
import java.util.Optional;

/**
 * The whole lines of an audit file, read through common-proto's {@link LineScanner} (a fixed
 * buffer, a bound on a line), each decoded as UTF-8 on its own: a damaged byte is then a fault of its
 * line, which the caller can name, not a decoder's exception for the file, and an overlong line is
 * never held whole.
 */
final class AuditLines {
    /** Takes each line in turn, by its number from 1. */
    @FunctionalInterface
    interface Reader {
        /** {@code text} is empty when the line is not UTF-8 or is longer than the limit. */
        void line(long number, Optional<String> text) throws AuditLog.Broken;
    }

    private AuditLines() {
    }

    /**
     * Every line of {@code file} that ends in a newline, each of at most {@code bytesMax} bytes; a
     * longer one is handed over empty, and is the last read.
     */
    static void read(Path file, int bytesMax, Reader reader) throws IOException, AuditLog.Broken {
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ)) {
            LineScanner lines = new LineScanner(channel, file, 0, bytesMax);
            for (long number = 1; ; number++) {
                Optional<String> text;
                try {
                    if (lines.next(number) < 0) {
                        return;
                    }
                    text = decode(Arrays.copyOf(lines.bytes(), lines.length()));
                } catch (LogFormatException tooLong) {
                    reader.line(number, Optional.empty());
                    return;
                }
                reader.line(number, text);
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
}
