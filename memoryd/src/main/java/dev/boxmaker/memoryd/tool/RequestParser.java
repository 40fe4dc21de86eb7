package dev.boxmaker.memoryd.tool;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.boxmaker.memoryd.files.IdentityFile;
import dev.boxmaker.proto.tools.MemoryRequest;
import dev.boxmaker.proto.tools.ToolArgs;
import dev.boxmaker.proto.tools.ToolFault;
import java.util.ArrayList;
import java.util.List;

/**
 * Parses the memory tool's {@code args} object with the one contract brokerd checks it with
 * ({@link ToolArgs}): memoryd does not trust that brokerd did, and both refuse a wrong shape with
 * the same sentence naming the field. Unknown fields are ignored (docs/decisions.md).
 */
public final class RequestParser {
    private RequestParser() {
    }

    public static Request parse(ObjectNode args) throws Refused {
        MemoryRequest parsed;
        try {
            parsed = ToolArgs.memory(args);
        } catch (ToolFault fault) {
            throw new Refused(fault.sentence());
        }
        if (parsed instanceof MemoryRequest.Note n) {
            return new Request.Note(n.text());
        }
        if (parsed instanceof MemoryRequest.Add a) {
            return new Request.Add(IdentityFile.of(a.file()), a.text());
        }
        if (parsed instanceof MemoryRequest.Replace r) {
            return new Request.Replace(IdentityFile.of(r.file()), r.old(), r.text());
        }
        if (parsed instanceof MemoryRequest.Remove r) {
            return new Request.Remove(IdentityFile.of(r.file()), r.old());
        }
        MemoryRequest.Consolidate c = (MemoryRequest.Consolidate) parsed;
        List<Request.Item> items = new ArrayList<>(c.items().size());
        for (MemoryRequest.Item item : c.items()) {
            items.add(new Request.Item(item.old(), Request.Choice.valueOf(item.choice().name()), item.text()));
        }
        return new Request.Consolidate(IdentityFile.of(c.file()), items);
    }
}
