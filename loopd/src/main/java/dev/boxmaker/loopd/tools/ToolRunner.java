package dev.boxmaker.loopd.tools;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.boxmaker.loopd.sentences.Sentences;
import dev.boxmaker.proto.Json;
import dev.boxmaker.proto.SessionId;
import dev.boxmaker.proto.client.ClientException;
import dev.boxmaker.proto.client.SocketClient;
import dev.boxmaker.proto.client.Wait;
import dev.boxmaker.proto.log.ToolCall;
import dev.boxmaker.proto.wire.msg.ErrorReply;
import dev.boxmaker.proto.wire.msg.Message;
import dev.boxmaker.proto.wire.msg.Outcome;
import dev.boxmaker.proto.wire.msg.ToolRequest;
import dev.boxmaker.proto.wire.msg.ToolResponse;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.Locale;

/**
 * Runs one tool call (loopd.md, step 3): {@code clock} and {@code find_tool} here, everything else
 * through brokerd as {@code tool_request}. Never throws: every failure is an answer to the model.
 */
public final class ToolRunner {
    /**
     * The wait for {@code recall} and {@code memory}: brokerd's own wait on memoryd (30 s) and a margin,
     * so brokerd's answer, which names what failed, arrives before loopd gives up.
     */
    public static final long CORE_TOOL_WAIT_SECONDS = Wait.TOOL_REQUEST_DEFAULT_SECONDS + 10;
    /**
     * The wait for {@code call_tool}: the longest answer brokerd can legitimately give (an {@code ask}
     * grant's wait for the owner at brokerd's largest {@code [approvals] timeout}, then the longest run
     * a grant allows, and a margin). brokerd's configured timeout is not known here, and giving up
     * sooner told the model a call failed that brokerd still held and ran once the owner approved it.
     */
    public static final long CALL_TOOL_WAIT_SECONDS = Wait.TOOL_REQUEST_LONGEST_SECONDS;
    /**
     * The wait for {@code ask_memory} (wire.md): brokerd's own wait on memoryd for it (170 s) and a
     * margin, as for the other memory tools.
     */
    public static final long ASK_MEMORY_WAIT_SECONDS = Wait.TOOL_REQUEST_ASK_MEMORY_SECONDS;
    /** The runbook a brokerd that does not answer points to. */
    public static final String BROKER_RUNBOOK = "brokerd-start-failed";

    private static final DateTimeFormatter CLOCK_FORMAT =
            DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH:mm:ss'Z' (EEEE)", Locale.ENGLISH);

    private final Path brokerSocket;
    private final Catalog catalog;
    private final Clock clock;
    private final Duration coreToolWait;
    private final Duration callToolWait;
    private final Duration askMemoryWait;

    public ToolRunner(Path brokerSocket, Catalog catalog, Clock clock) {
        this(brokerSocket, catalog, clock, Duration.ofSeconds(CORE_TOOL_WAIT_SECONDS),
                Duration.ofSeconds(CALL_TOOL_WAIT_SECONDS), Duration.ofSeconds(ASK_MEMORY_WAIT_SECONDS));
    }

    /** With other waits on brokerd: tests, which cannot wait for hours. ask_memory's is the core tools'. */
    ToolRunner(Path brokerSocket, Catalog catalog, Clock clock, Duration coreToolWait, Duration callToolWait) {
        this(brokerSocket, catalog, clock, coreToolWait, callToolWait, coreToolWait);
    }

    ToolRunner(Path brokerSocket, Catalog catalog, Clock clock, Duration coreToolWait, Duration callToolWait,
            Duration askMemoryWait) {
        this.brokerSocket = brokerSocket;
        this.catalog = catalog;
        this.clock = clock;
        this.coreToolWait = coreToolWait;
        this.callToolWait = callToolWait;
        this.askMemoryWait = askMemoryWait;
    }

    /** How long loopd waits on brokerd for a call of {@code tool} (a core tool's name, or call_tool's). */
    Duration waitFor(String tool) {
        return switch (tool) {
            case CoreTools.ASK_MEMORY -> askMemoryWait;
            case CoreTools.CALL_TOOL -> callToolWait;
            default -> coreToolWait;
        };
    }

    /** The answer to {@code call}, made in {@code session}. */
    public ToolResult run(SessionId session, ToolCall call) {
        ObjectNode args = parseObject(call.arguments());
        if (args == null) {
            return ToolResult.local(Outcome.FAILED, Sentences.ARGUMENTS_NOT_OBJECT);
        }
        if (call.id().length() > ToolRequest.CALL_CHARS_MAX) {
            return ToolResult.local(Outcome.FAILED, Sentences.callIdTooLong(ToolRequest.CALL_CHARS_MAX));
        }
        return switch (call.name()) {
            case CoreTools.CLOCK -> ToolResult.local(Outcome.OK,
                    CLOCK_FORMAT.format(ZonedDateTime.ofInstant(clock.instant(), ZoneOffset.UTC)));
            case CoreTools.FIND_TOOL -> catalog.find(args);
            case CoreTools.RECALL, CoreTools.MEMORY, CoreTools.ASK_MEMORY ->
                    broker(session, call.id(), call.name(), args, waitFor(call.name()));
            case CoreTools.CALL_TOOL -> callTool(session, call.id(), args);
            default -> ToolResult.local(Outcome.FAILED, Sentences.unknownTool(call.name()));
        };
    }

    private ToolResult callTool(SessionId session, String id, ObjectNode args) {
        JsonNode name = args.get("name");
        if (name == null || !name.isTextual() || name.textValue().isEmpty()
                || name.textValue().length() > ToolRequest.TOOL_CHARS_MAX) {
            return ToolResult.local(Outcome.FAILED, Sentences.callToolName());
        }
        JsonNode inner = args.get("arguments");
        if (inner != null && inner.isTextual()) {
            // Some models write the inner arguments as a JSON string, as they do the outer ones.
            inner = parseObject(inner.textValue());
        }
        if (!(inner instanceof ObjectNode object)) {
            return ToolResult.local(Outcome.FAILED, Sentences.callToolArguments());
        }
        return broker(session, id, name.textValue(), object, waitFor(CoreTools.CALL_TOOL));
    }

    private ToolResult broker(SessionId session, String id, String tool, ObjectNode args, Duration wait) {
        try {
            Message reply = SocketClient.call(brokerSocket, new ToolRequest(session, id, tool, args), Wait.connect(),
                    wait, BROKER_RUNBOOK);
            if (reply instanceof ToolResponse response) {
                return ToolResult.of(response);
            }
            String why = reply instanceof ErrorReply e ? e.message() : "brokerd answered " + reply.kind();
            return ToolResult.local(Outcome.FAILED, Sentences.brokerUnavailable(why));
        } catch (ClientException e) {
            return ToolResult.local(Outcome.FAILED, Sentences.brokerUnavailable(e.getMessage()));
        }
    }

    /** The arguments as a JSON object, or null when they are anything else. */
    static ObjectNode parseObject(String text) {
        try {
            JsonNode node = Json.MAPPER.readTree(text);
            return node instanceof ObjectNode object ? object : null;
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }
}
