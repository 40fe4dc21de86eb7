package dev.boxmaker.memoryd.ask;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.boxmaker.proto.tools.AskRequest;
import dev.boxmaker.proto.tools.ToolArgs;
import dev.boxmaker.proto.tools.ToolFault;
import java.util.Optional;

/**
 * ask_memory's arguments, parsed by the one contract brokerd checks them with ({@link ToolArgs}):
 * memoryd checks them again, as it does not trust brokerd's parse. Whether each name is a workspace
 * this agent reads is {@link AskTargets}'s to say, from {@code [honcho]}.
 */
public final class AskArgs {
    private AskArgs() {
    }

    /** The arguments, or the sentence naming the field at fault. */
    public static Result parse(ObjectNode args) {
        try {
            return new Result(Optional.of(ToolArgs.ask(args)), null);
        } catch (ToolFault fault) {
            return new Result(Optional.empty(), fault.sentence());
        }
    }

    /** Parsed arguments, or a refusal's sentence. */
    public record Result(Optional<AskRequest> request, String refusal) {
    }
}
