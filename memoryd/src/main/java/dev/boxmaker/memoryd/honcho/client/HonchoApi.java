package dev.boxmaker.memoryd.honcho.client;

import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.PUT;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;

/**
 * Honcho's routes that memoryd uses (honcho.md), declared for the Quarkus REST client. Every method
 * answers the raw {@link Response} so that {@link HonchoClient} decides by status (200, 201 and 409
 * are success for a create; 404 is done for a delete) and reads the body with its cap.
 */
@Path("/v3/workspaces")
@Consumes(MediaType.APPLICATION_JSON)
@Produces(MediaType.APPLICATION_JSON)
public interface HonchoApi {
    @POST
    Response workspace(HonchoWire.WorkspaceCreate body);

    /** Honcho 3.0.12 {@code src/routers/workspaces.py} {@code update_workspace}: configuration keys merged. */
    @PUT
    @Path("/{w}")
    Response updateWorkspace(@PathParam("w") String workspace, HonchoWire.WorkspaceUpdate body);

    @POST
    @Path("/{w}/peers")
    Response peer(@PathParam("w") String workspace, HonchoWire.PeerCreate body);

    @POST
    @Path("/{w}/peers/list")
    Response listPeers(@PathParam("w") String workspace, HonchoWire.ListFilter body);

    @POST
    @Path("/{w}/sessions")
    Response session(@PathParam("w") String workspace, HonchoWire.SessionCreate body);

    @POST
    @Path("/{w}/sessions/{s}/messages")
    Response addMessages(@PathParam("w") String workspace, @PathParam("s") String session,
            HonchoWire.MessageBatch body);

    @POST
    @Path("/{w}/sessions/{s}/messages/list")
    Response listMessages(@PathParam("w") String workspace, @PathParam("s") String session,
            HonchoWire.ListFilter body);

    @POST
    @Path("/{w}/search")
    Response search(@PathParam("w") String workspace, HonchoWire.SearchQuery body);

    @POST
    @Path("/{w}/conclusions")
    Response createConclusions(@PathParam("w") String workspace, HonchoWire.ConclusionBatch body);

    @POST
    @Path("/{w}/conclusions/list")
    Response listConclusions(@PathParam("w") String workspace, HonchoWire.ListFilter body);

    @POST
    @Path("/{w}/conclusions/query")
    Response queryConclusions(@PathParam("w") String workspace, HonchoWire.ConclusionQuery body);

    @DELETE
    @Path("/{w}/conclusions/{id}")
    Response deleteConclusion(@PathParam("w") String workspace, @PathParam("id") String conclusion);

    @POST
    @Path("/{w}/chat")
    Response chat(@PathParam("w") String workspace, HonchoWire.ChatQuery body);

    @POST
    @Path("/{w}/peers/{p}/chat")
    Response peerChat(@PathParam("w") String workspace, @PathParam("p") String peer, HonchoWire.ChatQuery body);
}
