package dev.boxmaker.brokerd.decide;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.boxmaker.proto.tools.ToolArgs;
import dev.boxmaker.proto.tools.ToolContract;
import dev.boxmaker.proto.tools.ToolFault;
import java.util.Set;

/**
 * The shapes and limits of {@code recall} and {@code memory} (the M5a spec, section 5), checked
 * before anything runs, by the one contract memoryd checks them with again ({@link ToolArgs}). The
 * content rules (duplicates, the check, the file limits as the files are now) are memoryd's.
 */
public final class MemoryToolArgs {
    /** The tools whose policy is built in (the M5a spec, section 8). */
    public static final Set<String> MEMORY_TOOLS = ToolContract.MEMORY_TOOLS;

    private MemoryToolArgs() {
    }

    /** A wrong shape; the message is the sentence the model reads. */
    public static final class Refused extends Exception {
        public Refused(String sentence) {
            super(sentence, null, false, false);
        }
    }

    /** Checks {@code args} of {@code tool}; does nothing for a tool that is not a memory tool. */
    public static void check(String tool, ObjectNode args) throws Refused {
        try {
            ToolArgs.check(tool, args);
        } catch (ToolFault fault) {
            throw new Refused(fault.sentence());
        }
    }
}
