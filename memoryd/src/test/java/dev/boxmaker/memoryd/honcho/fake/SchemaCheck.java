package dev.boxmaker.memoryd.honcho.fake;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.networknt.schema.JsonNodePath;
import com.networknt.schema.JsonSchema;
import com.networknt.schema.JsonSchemaFactory;
import com.networknt.schema.SchemaLocation;
import com.networknt.schema.SpecVersion;
import com.networknt.schema.ValidationMessage;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Request bodies held to Honcho's own OpenAPI document (a 3.1 document, whose schemas are JSON Schema
 * 2020-12), one component schema per route, by networknt's validator. A failure is answered as
 * FastAPI does: 422 {@code {"detail": [{"type", "loc", "msg", "input", "ctx"}]}}.
 */
final class SchemaCheck {
    /** The document, beside the tests. */
    static final String DOCUMENT = "classpath:honcho/honcho-openapi-3.0.12.json";

    private static final JsonSchemaFactory FACTORY = JsonSchemaFactory.getInstance(SpecVersion.VersionFlag.V202012);
    private final Map<String, JsonSchema> schemas = new ConcurrentHashMap<>();
    private final ObjectMapper json;

    SchemaCheck(ObjectMapper json) {
        this.json = json;
    }

    /** Loads every route's schema now, so that the first request is not the slow one. */
    void load() {
        for (FakeRoute route : FakeRoute.values()) {
            if (route.schema() != null) {
                problems(route.schema(), json.createObjectNode());
            }
        }
    }

    /** Honcho's 422 list for {@code body} against {@code component}, or null when it is valid. */
    ObjectNode problems(String component, JsonNode body) {
        JsonSchema schema = schemas.computeIfAbsent(component,
                c -> FACTORY.getSchema(SchemaLocation.of(DOCUMENT + "#/components/schemas/" + c)));
        Set<ValidationMessage> messages = schema.validate(body);
        if (messages.isEmpty()) {
            return null;
        }
        ObjectNode answer = json.createObjectNode();
        ArrayNode detail = answer.putArray("detail");
        for (ValidationMessage m : messages) {
            ObjectNode item = detail.addObject();
            item.put("type", m.getType());
            ArrayNode loc = item.putArray("loc").add("body");
            JsonNodePath at = m.getInstanceLocation();
            for (int i = 0; i < at.getNameCount(); i++) {
                Object element = at.getElement(i);
                if (element instanceof Integer index) {
                    loc.add(index);
                } else {
                    loc.add(String.valueOf(element));
                }
            }
            item.put("msg", m.getMessage());
            item.set("input", m.getInstanceNode() == null ? json.nullNode() : m.getInstanceNode());
            item.putObject("ctx");
        }
        return answer;
    }

    /**
     * The OpenAPI document as the server serves it: 3.0.12's, or with workspace chat's path added for
     * a fake that stands for a newer server.
     */
    byte[] document(boolean workspaceChat) {
        try (java.io.InputStream in = SchemaCheck.class.getResourceAsStream("/honcho/honcho-openapi-3.0.12.json")) {
            ObjectNode doc = (ObjectNode) json.readTree(in);
            if (workspaceChat) {
                ((ObjectNode) doc.get("paths")).putObject(WORKSPACE_CHAT_PATH).putObject("post")
                        .put("summary", "Chat");
            }
            return json.writeValueAsBytes(doc);
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    /** Workspace chat's path as a newer server's document names it. */
    static final String WORKSPACE_CHAT_PATH = "/v3/workspaces/{workspace_id}/chat";

    /** FastAPI's answer to a body that is not JSON at all. */
    ObjectNode notJson() {
        ObjectNode answer = json.createObjectNode();
        ObjectNode item = answer.putArray("detail").addObject();
        item.put("type", "json_invalid");
        item.putArray("loc").add("body");
        item.put("msg", "JSON decode error");
        item.putObject("ctx");
        return answer;
    }
}
