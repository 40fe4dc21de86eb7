package dev.boxmaker.memoryd.recall;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.boxmaker.proto.tools.RecallRequest;
import dev.boxmaker.proto.tools.ToolArgs;
import dev.boxmaker.proto.tools.ToolFault;
import java.util.Optional;

/**
 * recall's arguments (the spec, section 5), parsed by the one contract brokerd checks them with
 * ({@link ToolArgs}): memoryd checks them again, as it does not trust brokerd's parse.
 */
public record RecallArgs(String query, int k) {
    /** The arguments, or the sentence naming the field at fault. A {@code k} of null counts as absent. */
    public static Result parse(ObjectNode args) {
        try {
            RecallRequest request = ToolArgs.recall(args);
            return new Result(Optional.of(new RecallArgs(request.query(), request.k())), null);
        } catch (ToolFault fault) {
            return Result.refused(fault.sentence());
        }
    }

    /** Parsed arguments, or a refusal's sentence. */
    public record Result(Optional<RecallArgs> args, String refusal) {
        static Result refused(String sentence) {
            return new Result(Optional.empty(), sentence);
        }
    }
}
