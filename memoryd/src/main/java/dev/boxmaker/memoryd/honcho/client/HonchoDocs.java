package dev.boxmaker.memoryd.honcho.client;

import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;

/** Honcho's OpenAPI document, which FastAPI serves at {@code /openapi.json} without auth (honcho.md). */
@Path(HonchoServer.DOCUMENT_PATH)
public interface HonchoDocs {
    @GET
    @Produces(MediaType.APPLICATION_JSON)
    Response document();
}
