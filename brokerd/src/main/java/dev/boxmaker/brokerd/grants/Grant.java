package dev.boxmaker.brokerd.grants;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.boxmaker.proto.DataClass;
import dev.boxmaker.proto.Json;
import dev.boxmaker.proto.Label;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.nio.file.PathMatcher;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;

/**
 * One grant (brokerd.md, "Grants"): which tool, how it is decided, while the session's class is at
 * most what, the label its results get at least, and the allow-lists its arguments must meet. An
 * empty list is no constraint.
 */
public record Grant(
        String id,
        String tool,
        Mode mode,
        DataClass maxTaint,
        Label result,
        List<String> hosts,
        List<PathMatcher> paths,
        List<Pattern> patterns,
        Duration timeout,
        String sha256) {

    /** How a call under the grant is decided. */
    public enum Mode {
        AUTO("auto"), ASK("ask"), DENY("deny");

        private final String word;

        Mode(String word) {
            this.word = word;
        }

        public String word() {
            return word;
        }
    }

    public Grant {
        hosts = List.copyOf(hosts);
        paths = List.copyOf(paths);
        patterns = List.copyOf(patterns);
    }

    /**
     * A pattern that cannot be checked against the arguments: java.util.regex matches a repeated
     * group by recursion, a frame per repetition, so long arguments can overflow the stack.
     */
    public static final class Unmatchable extends Exception {
        public Unmatchable() {
            super(null, null, false, false);
        }
    }

    /** Whether the arguments meet every non-empty allow-list; {@link Unmatchable} when that cannot be told. */
    public boolean allows(ObjectNode args) throws Unmatchable {
        return hostAllowed(args) && pathAllowed(args) && patternAllowed(args);
    }

    private boolean hostAllowed(ObjectNode args) {
        if (hosts.isEmpty()) {
            return true;
        }
        JsonNode url = args.get("url");
        if (url == null || !url.isTextual()) {
            return false;
        }
        try {
            String host = new URI(url.asText()).getHost();
            return host != null && hosts.contains(host.toLowerCase(Locale.ROOT));
        } catch (URISyntaxException e) {
            return false;
        }
    }

    /** Only an absolute, normalized path is matched, so {@code ..} cannot climb out of a glob. */
    private boolean pathAllowed(ObjectNode args) {
        if (paths.isEmpty()) {
            return true;
        }
        JsonNode value = args.get("path");
        if (value == null || !value.isTextual()) {
            return false;
        }
        try {
            Path path = Path.of(value.asText());
            if (!path.isAbsolute() || !path.normalize().toString().equals(value.asText())) {
                return false;
            }
            return paths.stream().anyMatch(m -> m.matches(path));
        } catch (InvalidPathException e) {
            return false;
        }
    }

    /** A pattern must match the whole args JSON, as Jackson writes it compactly. */
    private boolean patternAllowed(ObjectNode args) throws Unmatchable {
        if (patterns.isEmpty()) {
            return true;
        }
        String json;
        try {
            json = Json.MAPPER.writeValueAsString(args);
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            return false;
        }
        try {
            return patterns.stream().anyMatch(p -> p.matcher(json).matches());
        } catch (StackOverflowError e) {
            // The stack is unwound by now; the caller decides on the safe side.
            throw new Unmatchable();
        }
    }

    /** Whether it applies to a session of class {@code taint}. */
    public boolean appliesAt(DataClass taint) {
        return maxTaint.compareTo(taint) >= 0;
    }

    public boolean builtIn() {
        return id.startsWith(BuiltinGrants.RESERVED_PREFIX);
    }
}
