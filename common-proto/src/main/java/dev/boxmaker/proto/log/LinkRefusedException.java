package dev.boxmaker.proto.log;

import dev.boxmaker.proto.Sentences;
import java.io.IOException;
import java.nio.file.Path;

/**
 * A symbolic link under {@code sessions/}, where a session's folder or file must be: neither daemon
 * follows one (a link there made memoryd index a log outside the home as trusted, and loopd write a
 * baseline outside it). The message is the sentence naming the path.
 */
public final class LinkRefusedException extends IOException {
    private final Path path;

    public LinkRefusedException(Path path) {
        super(Sentences.linkRefused(path));
        this.path = path;
    }

    public Path path() {
        return path;
    }
}
