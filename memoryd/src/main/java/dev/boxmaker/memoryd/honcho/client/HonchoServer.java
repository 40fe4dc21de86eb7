package dev.boxmaker.memoryd.honcho.client;

import com.fasterxml.jackson.databind.JsonNode;
import dev.boxmaker.proto.Json;
import io.quarkus.rest.client.reactive.QuarkusRestClientBuilder;
import jakarta.ws.rs.ProcessingException;
import jakarta.ws.rs.WebApplicationException;
import jakarta.ws.rs.core.Response;
import java.io.IOException;
import java.net.URI;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * What the Honcho server offers, read from its OpenAPI document: whether it has workspace chat
 * (3.0.12 has none; a newer server lists {@link #WORKSPACE_CHAT_PATH}). A read, without a key (the
 * document is public), through the same cap on the answer as every other call.
 */
public final class HonchoServer {
    /** FastAPI's default place for the document ({@code src/main.py} sets no other). */
    public static final String DOCUMENT_PATH = "/openapi.json";
    /** Workspace chat's path as the document names it. */
    public static final String WORKSPACE_CHAT_PATH = "/v3/workspaces/{workspace_id}/chat";

    private HonchoServer() {
    }

    /**
     * Whether the server at {@code base} has workspace chat: its document lists the route or not; a
     * server without a document (404) has none as far as memoryd knows. Empty when it could not be
     * told (unreachable, a 5xx, a body that is not the document): ask again later.
     */
    public static Optional<Boolean> workspaceChat(URI base, HonchoTimeouts timeouts) {
        HonchoDocs docs = QuarkusRestClientBuilder.newBuilder().baseUri(base)
                .connectTimeout(timeouts.connect().toMillis(), TimeUnit.MILLISECONDS)
                .readTimeout(timeouts.write().toMillis(), TimeUnit.MILLISECONDS)
                .property("microprofile.rest.client.disable.default.mapper", true)
                .register(new BodyCap()).build(HonchoDocs.class);
        try (Response response = docs.document()) {
            if (response.getStatus() == 404) {
                return Optional.of(false);
            }
            if (response.getStatus() != 200) {
                return Optional.empty();
            }
            JsonNode paths = Json.MAPPER.readTree(response.readEntity(byte[].class)).path("paths");
            return paths.isObject() ? Optional.of(paths.has(WORKSPACE_CHAT_PATH)) : Optional.empty();
        } catch (ProcessingException | WebApplicationException | IOException | IllegalStateException e) {
            return Optional.empty();
        } finally {
            try {
                ((java.io.Closeable) docs).close();
            } catch (IOException | RuntimeException e) {
                // Closing a client whose one call is over: nothing is left to lose.
            }
        }
    }
}
