package dev.boxmaker.memoryd.honcho.contract;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.anyOf;
import static org.hamcrest.Matchers.contains;
import static org.hamcrest.Matchers.containsInAnyOrder;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.hasItem;
import static org.hamcrest.Matchers.nullValue;
import static org.hamcrest.Matchers.everyItem;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasKey;
import static org.hamcrest.Matchers.hasSize;
import static org.hamcrest.Matchers.instanceOf;
import static org.hamcrest.Matchers.is;
import static org.hamcrest.Matchers.not;
import static org.hamcrest.Matchers.notNullValue;

import dev.boxmaker.memoryd.honcho.fake.FakeHoncho;
import io.restassured.http.ContentType;
import io.restassured.response.ValidatableResponse;
import io.restassured.specification.RequestSpecification;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * What memoryd's Honcho client relies on, stated against the server: against the fake in the normal
 * test run, and against a real Honcho when {@code HONCHO_URL} (and, with auth on, {@code HONCHO_KEY})
 * is set ({@code make honcho-contract}). Each assertion is one honcho.md or the OpenAPI document
 * states, as Honcho 3.0.12's source behaves (the fake names the source file and function of each);
 * none is about how the fake happens to answer, so one run against a real server confirms or refutes
 * the fake. Names are fresh on every run, so a real
 * server's data from earlier runs changes nothing.
 */
class HonchoContractTest {
    static final String URL_VARIABLE = "HONCHO_URL";
    static final String KEY_VARIABLE = "HONCHO_KEY";
    /** honcho.md: message and conclusion ids are 21-character strings the server makes. */
    static final int SERVER_ID_CHARS = 21;

    static FakeHoncho fake;
    static String base;
    static String key;
    static final String RUN = "bxc-" + UUID.randomUUID().toString().substring(0, 8);
    static final String W = RUN + "-w";
    static final String W_PATH = "/v3/workspaces/" + W;
    static final Map<String, Object> REASONING_OFF = Map.of("reasoning", Map.of("enabled", false));

    @BeforeAll
    static void server() {
        String url = System.getenv(URL_VARIABLE);
        if (url == null || url.isBlank()) {
            fake = FakeHoncho.start();
            base = fake.url().toString();
        } else {
            base = url;
            key = System.getenv(KEY_VARIABLE);
        }
        post("/v3/workspaces", Map.of("id", W)).statusCode(anyOf(is(200), is(201)));
        post(W_PATH + "/peers", Map.of("id", "kyle")).statusCode(anyOf(is(200), is(201)));
        post(W_PATH + "/peers", Map.of("id", "bx", "configuration", Map.of("observe_me", false)))
                .statusCode(anyOf(is(200), is(201)));
        post(W_PATH + "/sessions", Map.of("id", "s1", "peers", Map.of("kyle", Map.of(), "bx", Map.of("observe_me", false))))
                .statusCode(anyOf(is(200), is(201)));
    }

    @AfterAll
    static void stop() {
        if (fake != null) {
            fake.close();
        }
    }

    static RequestSpecification request() {
        RequestSpecification spec = given().baseUri(base).contentType(ContentType.JSON).accept(ContentType.JSON);
        return key == null || key.isBlank() ? spec : spec.header("Authorization", "Bearer " + key);
    }

    static ValidatableResponse post(String path, Object body) {
        return request().body(body).post(path).then();
    }

    static ValidatableResponse put(String path, Object body) {
        return request().body(body).put(path).then();
    }

    static ValidatableResponse chat(String workspace, String peer, String query, String target) {
        Map<String, Object> body = new java.util.HashMap<>(Map.of("query", query, "reasoning_level", "minimal",
                "stream", false));
        if (target != null) {
            body.put("target", target);
        }
        return post("/v3/workspaces/" + workspace + "/peers/" + peer + "/chat", body).statusCode(200);
    }

    @Test
    void aWorkspacePeerOrSessionIs201WhenMadeThen200WhenItExistsUnchanged() {
        for (String[] route : new String[][] {{"/v3/workspaces", RUN + "-g"}, {W_PATH + "/peers", "p-g"},
                {W_PATH + "/sessions", "s-g"}}) {
            String created = post(route[0], Map.of("id", route[1])).statusCode(201)
                    .body("id", equalTo(route[1])).extract().path("created_at");
            post(route[0], Map.of("id", route[1], "metadata", Map.of("k", "changed"))).statusCode(200)
                    .body("id", equalTo(route[1])).body("created_at", equalTo(created));
        }
    }

    @Test
    void aPeerOrASessionInAWorkspaceThatDoesNotExistMakesItWithNoConfiguration() {
        for (String[] route : new String[][] {{"peers", "p"}, {"sessions", "s"}}) {
            String w = RUN + "-made-" + route[0];
            post("/v3/workspaces/" + w + "/" + route[0], Map.of("id", route[1])).statusCode(201);
            post("/v3/workspaces", Map.of("id", w, "configuration", REASONING_OFF)).statusCode(200)
                    .body("id", equalTo(w)).body("configuration", equalTo(Map.of()));
        }
    }

    @Test
    void aWorkspaceThatExistsIsReturnedUnchangedWhateverConfigurationIsSent() {
        String w = RUN + "-conf";
        post("/v3/workspaces", Map.of("id", w, "metadata", Map.of("k", "first"), "configuration", REASONING_OFF))
                .statusCode(201).body("configuration.reasoning.enabled", equalTo(false));
        post("/v3/workspaces", Map.of("id", w, "metadata", Map.of("k", "second"),
                "configuration", Map.of("reasoning", Map.of("enabled", true)))).statusCode(200)
                .body("configuration.reasoning.enabled", equalTo(false)).body("metadata.k", equalTo("first"));
    }

    /** The fleet's settings as memoryd sends them: reasoning, summaries and dreaming off. */
    static final Map<String, Object> ALL_OFF = Map.of("reasoning", Map.of("enabled", false),
            "summary", Map.of("enabled", false), "dream", Map.of("enabled", false));

    /**
     * What the fleet's settings rely on ({@code PUT /v3/workspaces/{id}}, {@code src/routers/workspaces.py}
     * {@code update_workspace} and {@code src/crud/workspace.py} {@code update_workspace}): 200 and the
     * workspace; each configuration key given replaces that key whole (a summary's thresholds go with it),
     * a key not given (peer_card) and metadata not given are kept; and a get-or-create afterwards, as
     * memoryd's next run makes, answers 200 with that configuration, so it finds the settings off.
     */
    @Test
    void aWorkspaceUpdateIs200AndEachKeyGivenReplacesItsKeyWholeKeepingTheRest() {
        String w = RUN + "-put";
        post("/v3/workspaces", Map.of("id", w, "metadata", Map.of("k", "first"), "configuration", Map.of(
                "reasoning", Map.of("enabled", true), "peer_card", Map.of("use", false),
                "summary", Map.of("enabled", true, "messages_per_short_summary", 10)))).statusCode(201);
        Map<String, Object> merged = Map.of("reasoning", Map.of("enabled", false), "peer_card", Map.of("use", false),
                "summary", Map.of("enabled", false), "dream", Map.of("enabled", false));
        put("/v3/workspaces/" + w, Map.of("configuration", ALL_OFF)).statusCode(200).body("id", equalTo(w))
                .body("metadata", equalTo(Map.of("k", "first"))).body("configuration", equalTo(merged));
        post("/v3/workspaces", Map.of("id", w)).statusCode(200).body("configuration", equalTo(merged))
                .body("metadata", equalTo(Map.of("k", "first")));
    }

    /**
     * {@code src/crud/workspace.py} {@code update_workspace} gets or creates the workspace: an update of
     * one that does not exist is 200 (the router sets no other status) and makes it with that configuration
     * and no metadata; a get-or-create afterwards finds it (200, not 201).
     */
    @Test
    void aWorkspaceUpdateOfOneThatDoesNotExistIs200AndMakesItWithThatConfiguration() {
        String w = RUN + "-put-new";
        put("/v3/workspaces/" + w, Map.of("configuration", ALL_OFF)).statusCode(200).body("id", equalTo(w))
                .body("metadata", equalTo(Map.of())).body("configuration", equalTo(ALL_OFF));
        post("/v3/workspaces", Map.of("id", w, "configuration", Map.of("reasoning", Map.of("enabled", true))))
                .statusCode(200).body("configuration", equalTo(ALL_OFF));
    }

    /**
     * The configuration is merged as {@code model_dump(exclude_none=True)} ({@code src/crud/workspace.py}
     * {@code update_workspace}): a key given as null leaves the stored key as it was, and a null inside a
     * section is left out of the section that replaces the stored one.
     */
    @Test
    void aWorkspaceUpdateLeavesOutWhatIsGivenAsNull() {
        String w = RUN + "-put-null";
        post("/v3/workspaces", Map.of("id", w, "configuration", Map.of("peer_card", Map.of("use", false),
                "dream", Map.of("enabled", true)))).statusCode(201);
        Map<String, Object> dream = new java.util.HashMap<>();
        dream.put("enabled", null);
        Map<String, Object> configuration = new java.util.HashMap<>(Map.of("reasoning", Map.of("enabled", false),
                "dream", dream));
        configuration.put("peer_card", null);
        put("/v3/workspaces/" + w, Map.of("configuration", configuration)).statusCode(200)
                .body("configuration", equalTo(Map.of("peer_card", Map.of("use", false), "dream", Map.of(),
                        "reasoning", Map.of("enabled", false))));
    }

    /** What reads rely on: a list, a search or a query in a workspace that does not exist is empty and makes nothing. */
    @Test
    void aReadInAWorkspaceThatDoesNotExistIsEmptyAndMakesNothing() {
        String w = "/v3/workspaces/" + RUN + "-none";
        post(w + "/peers/list", Map.of("filters", Map.of("id", "kyle"))).statusCode(200)
                .body("items", hasSize(0)).body("total", equalTo(0));
        post(w + "/search", Map.of("query", "launch", "limit", 5)).statusCode(200).body("$", hasSize(0));
        post(w + "/conclusions/query", Map.of("query", "launch", "top_k", 5,
                "filters", Map.of("observer_id", "kyle", "observed_id", "kyle"))).statusCode(200).body("$", hasSize(0));
        post("/v3/workspaces", Map.of("id", RUN + "-none")).statusCode(201);
    }

    @Test
    void thereIsNoWorkspaceChatAndTheDocumentSaysSo() {
        post(W_PATH + "/chat", Map.of("query", "launch", "reasoning_level", "minimal", "stream", false))
                .statusCode(404).body("detail", equalTo("Not Found"));
        request().get("/openapi.json").then().statusCode(200)
                .body("paths", not(hasKey("/v3/workspaces/{workspace_id}/chat")))
                .body("paths", hasKey("/v3/workspaces/{workspace_id}/peers/{peer_id}/chat"))
                .body("paths", hasKey("/v3/workspaces/{workspace_id}/peers/list"));
    }

    @Test
    void peerChatGetsOrCreatesItsPeerAndItsWorkspace() {
        String w = RUN + "-chat";
        post("/v3/workspaces/" + w + "/peers/list", Map.of("filters", Map.of("id", "asker"))).statusCode(200)
                .body("items", hasSize(0));
        chat(w, "asker", "anything", null);
        post("/v3/workspaces/" + w + "/peers/list", Map.of("filters", Map.of("id", "asker"))).statusCode(200)
                .body("items.id", contains("asker"));
        post("/v3/workspaces", Map.of("id", w)).statusCode(200).body("configuration", equalTo(Map.of()));
    }

    /**
     * Peer chat reasons as its peer: observer = the peer, observed = {@code target} or the peer, and
     * its messages are those of the sessions the peer belongs to.
     */
    @Test
    void peerChatSeesOnlyItsPeersSessionsAndItsObserversConclusions() {
        post(W_PATH + "/sessions", Map.of("id", "s-vault", "peers", Map.of("kyle", Map.of()))).statusCode(201);
        post(W_PATH + "/sessions/s-vault/messages", Map.of("messages", List.of(
                Map.of("peer_id", "kyle", "content", "the vault code is zebra7731")))).statusCode(201);
        post(W_PATH + "/conclusions", Map.of("conclusions", List.of(Map.of("content", "kyle keeps locker 4411",
                "observer_id", "kyle", "observed_id", "kyle")))).statusCode(201);

        chat(W, "kyle", "vault code", null).body("content", containsString("zebra7731"));
        chat(W, "bx", "vault code", null).body("content", anyOf(nullValue(), not(containsString("zebra7731"))));
        chat(W, "kyle", "locker", null).body("content", containsString("4411"));
        chat(W, "bx", "locker", "kyle").body("content", anyOf(nullValue(), not(containsString("4411"))));
    }

    @Test
    void anIdOutsideTheRuleIs422InTheListShape() {
        post("/v3/workspaces", Map.of("id", "scope.bad")).statusCode(422)
                .body("detail", instanceOf(List.class))
                .body("detail", everyItem(hasKey("loc"))).body("detail", everyItem(hasKey("msg")))
                .body("detail", everyItem(hasKey("type")));
    }

    @Test
    void messagesAreAddedAsOneBatchAndListedByTheirMetadata() {
        String item = "turn/" + RUN + "/3";
        post(W_PATH + "/sessions/s1/messages", Map.of("messages", List.of(
                Map.of("peer_id", "kyle", "content", "the launch window moved", "metadata", Map.of("boxmaker_item", item)),
                Map.of("peer_id", "bx", "content", "Noted.", "metadata", Map.of("boxmaker_item", item)))))
                .statusCode(201)
                .body("$", hasSize(2))
                .body("content", contains("the launch window moved", "Noted."))
                .body("peer_id", contains("kyle", "bx"))
                .body("session_id", everyItem(equalTo("s1")))
                .body("metadata.boxmaker_item", everyItem(equalTo(item)))
                .body("workspace_id", everyItem(equalTo(W))).body("token_count", everyItem(instanceOf(Integer.class)))
                .body("created_at", everyItem(notNullValue()))
                .body("id.size()", equalTo(2)).body("id", everyItem(notNullValue()));
        post(W_PATH + "/sessions/s1/messages", Map.of("messages", List.of(
                Map.of("peer_id", "kyle", "content", "something else", "metadata", Map.of("boxmaker_item", item + "x")))))
                .statusCode(201);
        post(W_PATH + "/sessions/s1/messages/list", Map.of("filters", Map.of("metadata", Map.of("boxmaker_item", item))))
                .statusCode(200)
                .body("items.content", contains("the launch window moved", "Noted."))
                .body("total", equalTo(2)).body("$", hasKey("page")).body("$", hasKey("size")).body("$", hasKey("pages"));
    }

    /** src/routers/messages.py get_messages, src/crud/message.py get_messages: no existence check. */
    @Test
    void aSessionThatDoesNotExistListsAs200AndAnEmptyPage() {
        post(W_PATH + "/sessions/never-" + RUN + "/messages/list", Map.of("filters", Map.of("metadata",
                Map.of("boxmaker_item", "turn/x/1")))).statusCode(200)
                .body("items", hasSize(0)).body("total", equalTo(0));
    }

    /** src/crud/message.py create_messages: get_or_create_session with the messages' peers. */
    @Test
    void addingMessagesToASessionThatDoesNotExistCreatesItWithTheirPeers() {
        post(W_PATH + "/sessions/made-by-messages/messages", Map.of("messages", List.of(
                Map.of("peer_id", "kyle", "content", "first words")))).statusCode(201)
                .body("[0].session_id", equalTo("made-by-messages"));
        request().get(W_PATH + "/sessions/made-by-messages/peers").then().statusCode(200)
                .body("items.id", contains("kyle"));
        post(W_PATH + "/sessions", Map.of("id", "made-by-messages")).statusCode(200);
    }

    /** src/crud/session.py get_or_create_session: the peers given are made members of an existing session. */
    @Test
    void getOrCreateOnAnExistingSessionMakesTheGivenPeersMembers() {
        post(W_PATH + "/sessions", Map.of("id", "s-join", "peers", Map.of("bx", Map.of("observe_me", false))))
                .statusCode(anyOf(is(200), is(201)));
        post(W_PATH + "/sessions", Map.of("id", "s-join", "peers", Map.of("bx", Map.of("observe_me", false),
                "kyle", Map.of()))).statusCode(200);
        request().get(W_PATH + "/sessions/s-join/peers").then().statusCode(200)
                .body("items.id", containsInAnyOrder("bx", "kyle"));
    }

    @Test
    void serverIdsHaveTwentyOneCharacters() {
        String id = post(W_PATH + "/sessions/s1/messages", Map.of("messages", List.of(
                Map.of("peer_id", "kyle", "content", "ids")))).statusCode(201).extract().path("[0].id");
        org.assertj.core.api.Assertions.assertThat(id).hasSize(SERVER_ID_CHARS);
    }

    @Test
    void aBatchOverOneHundredOrAContentOver25000CharactersIs422() {
        List<Map<String, String>> many = new ArrayList<>();
        for (int i = 0; i < 101; i++) {
            many.add(Map.of("peer_id", "kyle", "content", "m" + i));
        }
        post(W_PATH + "/sessions/s1/messages", Map.of("messages", many)).statusCode(422)
                .body("detail", instanceOf(List.class));
        post(W_PATH + "/sessions/s1/messages", Map.of("messages", List.of(
                Map.of("peer_id", "kyle", "content", "x".repeat(25_001))))).statusCode(422);
    }

    @Test
    void aWorkspaceSearchAnswersAnArrayNotAPage() {
        post(W_PATH + "/search", Map.of("query", "launch", "limit", 5)).statusCode(200)
                .body("$", instanceOf(List.class));
    }

    @Test
    void aConclusionIsCreatedWithoutMetadataFoundByAQueryAtOnceAndDeletedThenIs404() {
        String id = post(W_PATH + "/conclusions", Map.of("conclusions", List.of(Map.of("content",
                "kyle launches on Thursdays", "observer_id", "kyle", "observed_id", "kyle", "session_id", "s1",
                "metadata", Map.of("boxmaker_item", "note/x")))))
                .statusCode(201)
                .body("$", hasSize(1)).body("[0].observer_id", equalTo("kyle")).body("[0].observed_id", equalTo("kyle"))
                .body("[0].content", equalTo("kyle launches on Thursdays")).body("[0]", not(hasKey("metadata")))
                .extract().path("[0].id");
        post(W_PATH + "/conclusions/query", Map.of("query", "kyle launches on Thursdays", "top_k", 5,
                "filters", Map.of("observer_id", "kyle", "observed_id", "kyle"))).statusCode(200)
                .body("id", hasItem(id)).body("[0]", not(hasKey("metadata")));
        request().delete(W_PATH + "/conclusions/" + id).then().statusCode(204);
        request().delete(W_PATH + "/conclusions/" + id).then().statusCode(404)
                .body("detail", instanceOf(String.class));
    }

    @Test
    void aConclusionQueryWithoutBothPeersIs422() {
        post(W_PATH + "/conclusions/query", Map.of("query", "x", "top_k", 5)).statusCode(422);
        post(W_PATH + "/conclusions/query", Map.of("query", "x", "top_k", 5,
                "filters", Map.of("observer_id", "kyle"))).statusCode(422);
    }

    @Test
    void aConclusionAboutAPeerNotYetThereIs404WithASentence() {
        post(W_PATH + "/conclusions", Map.of("conclusions", List.of(Map.of("content", "x",
                "observer_id", "nobody-" + RUN, "observed_id", "nobody-" + RUN)))).statusCode(404)
                .body("detail", instanceOf(String.class)).body("detail", not(equalTo("")));
    }
}
