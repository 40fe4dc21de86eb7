package dev.boxmaker.memoryd.ask;

import dev.boxmaker.memoryd.sentences.AskSentences;
import dev.boxmaker.memoryd.config.HonchoSettings;
import dev.boxmaker.proto.DataClass;
import dev.boxmaker.proto.tools.ToolContract;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The workspaces ask_memory may name with this {@code [honcho]}: {@code own} (the trusted one),
 * {@code untrusted}, {@code fleet}, then each {@code [[honcho.read]]} agent by its name. brokerd
 * checks only that a name could be one (it does not know this configuration); an unknown name is
 * refused here, before any chat, with a sentence listing the names there are (docs/decisions.md).
 */
final class AskTargets {
    private final Map<String, AskTarget> byName = new LinkedHashMap<>();

    AskTargets(HonchoSettings honcho) {
        byName.put(ToolContract.WORKSPACE_OWN, new AskTarget(ToolContract.WORKSPACE_OWN, honcho.trusted(),
                AskText.MEMORY, DataClass.PRIVATE, AskTarget.Kind.OWN, null));
        byName.put(ToolContract.WORKSPACE_UNTRUSTED, new AskTarget(ToolContract.WORKSPACE_UNTRUSTED,
                honcho.untrusted(), AskText.MEMORY_TAINTED, DataClass.PRIVATE, AskTarget.Kind.OWN, null));
        byName.put(ToolContract.WORKSPACE_FLEET, new AskTarget(ToolContract.WORKSPACE_FLEET, honcho.fleet(),
                AskText.MEMORY_TAINTED, DataClass.PRIVATE, AskTarget.Kind.FLEET, null));
        for (HonchoSettings.ReadWorkspace read : honcho.reads()) {
            // The fixed names come first: an agent named "fleet" is not asked by that name.
            byName.putIfAbsent(read.agent(), new AskTarget(read.agent(), read.workspace(),
                    read.trusted() ? AskText.MEMORY : AskText.MEMORY_TAINTED, read.dataClass(), AskTarget.Kind.AGENT,
                    read.agent()));
        }
    }

    /** The targets of {@code names}, in their order; an unknown name is a {@link Unknown} with its sentence. */
    List<AskTarget> resolve(List<String> names) throws Unknown {
        List<AskTarget> targets = new ArrayList<>(names.size());
        for (String name : names) {
            AskTarget target = byName.get(name);
            if (target == null) {
                throw new Unknown(AskSentences.askUnknownWorkspace(name, List.copyOf(byName.keySet())));
            }
            targets.add(target);
        }
        return targets;
    }

    /** A name this memoryd does not read; the message is the sentence the model reads. */
    static final class Unknown extends Exception {
        private static final long serialVersionUID = 1L;

        Unknown(String sentence) {
            super(sentence, null, false, false);
        }
    }
}
