package dev.boxmaker.memoryd.honcho.fake;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.contains;
import static org.hamcrest.Matchers.equalTo;

import io.restassured.http.ContentType;
import io.restassured.response.ValidatableResponse;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The fake itself: its own rules (where the document says nothing), its recording and its controls. */
class FakeHonchoTest {
    FakeHoncho fake;

    @BeforeEach
    void start() {
        fake = FakeHoncho.start();
        post("/v3/workspaces", Map.of("id", "w")).statusCode(201);
    }

    @AfterEach
    void stop() {
        fake.close();
    }

    ValidatableResponse post(String path, Object body) {
        return given().baseUri(fake.url().toString()).contentType(ContentType.JSON).body(body).post(path).then();
    }

    @Test
    void aBodyOutsideTheSchemaIsAnsweredWithWhereAndWhat() {
        post("/v3/workspaces", Map.of("id", "a.b")).statusCode(422)
                .body("detail.loc", contains(List.of("body", "id")))
                .body("detail[0].type", equalTo("pattern")).body("detail[0].input", equalTo("a.b"));
        post("/v3/workspaces/w/sessions/s/messages", Map.of("messages", List.of(Map.of("content", "x"))))
                .statusCode(422).body("detail[0].loc", equalTo(List.of("body", "messages", 0)))
                .body("detail[0].type", equalTo("required"));
        given().baseUri(fake.url().toString()).contentType(ContentType.JSON).body("{not json").post("/v3/workspaces")
                .then().statusCode(422).body("detail[0].type", equalTo("json_invalid"));
    }

    @Test
    void workspaceChatIs404UnlessTheFakeStandsForANewerServerWhoseDocumentListsIt() {
        post("/v3/workspaces/w/chat", Map.of("query", "q")).statusCode(404).body("detail", equalTo("Not Found"));
        given().baseUri(fake.url().toString()).get("/openapi.json").then().statusCode(200)
                .body("paths", org.hamcrest.Matchers.not(org.hamcrest.Matchers.hasKey(SchemaCheck.WORKSPACE_CHAT_PATH)));
        fake.workspaceChat(true);
        post("/v3/workspaces/w/chat", Map.of("query", "q")).statusCode(200).body("content", equalTo(null));
        given().baseUri(fake.url().toString()).get("/openapi.json").then().statusCode(200)
                .body("paths", org.hamcrest.Matchers.hasKey(SchemaCheck.WORKSPACE_CHAT_PATH));
    }

    @Test
    void workspaceChatIsHeldToItsOwnRule() {
        fake.workspaceChat(true);
        post("/v3/workspaces/w/chat", Map.of("reasoning_level", "low")).statusCode(422)
                .body("detail[0].msg", equalTo("Field required"));
        post("/v3/workspaces/w/chat", Map.of("query", "q", "stream", "yes")).statusCode(422)
                .body("detail[0].msg", equalTo("Input should be a valid boolean"));
        post("/v3/workspaces/w/chat", Map.of("query", "q", "reasoning_level", "low", "stream", false)).statusCode(200)
                .body("content", equalTo(null));
    }

    @Test
    void aSessionKeepsItsPeersSettingsAndAPeersConfigurationIsReplaced() {
        post("/v3/workspaces/w/sessions", Map.of("id", "s", "peers", Map.of("kyle", Map.of("observe_me", true))))
                .statusCode(201);
        post("/v3/workspaces/w/sessions", Map.of("id", "s", "peers", Map.of("kyle", Map.of("observe_me", false),
                "bx", Map.of("observe_me", false)))).statusCode(200);
        assertThat(fake.sessionPeers("w", "s")).hasSize(2);
        assertThat(fake.sessionPeers("w", "s").get("kyle").get("observe_me").asBoolean()).isTrue();
        post("/v3/workspaces/w/peers", Map.of("id", "bx", "configuration", Map.of("observe_me", true))).statusCode(200)
                .body("configuration.observe_me", equalTo(true));
    }

    @Test
    void searchMatchesEveryWordOfTheQueryOldestFirst() {
        post("/v3/workspaces/w/sessions", Map.of("id", "s")).statusCode(201);
        post("/v3/workspaces/w/sessions/s/messages", Map.of("messages", List.of(
                Map.of("peer_id", "p", "content", "The launch, on Thursday."), Map.of("peer_id", "p", "content", "launch"),
                Map.of("peer_id", "p", "content", "Thursday launch window")))).statusCode(201);
        post("/v3/workspaces/w/search", Map.of("query", "thursday LAUNCH")).statusCode(200)
                .body("content", contains("The launch, on Thursday.", "Thursday launch window"));
        post("/v3/workspaces/w/search", Map.of("query", "launch", "limit", 1)).statusCode(200)
                .body("content", contains("The launch, on Thursday."));
    }

    @Test
    void everyRequestIsRecordedAndDownRefusesUntilUpOnTheSamePort() {
        fake.clearRequests();
        given().baseUri(fake.url().toString()).header("Authorization", "Bearer k").contentType(ContentType.JSON)
                .body(Map.of("id", "w")).post("/v3/workspaces").then().statusCode(200);
        FakeHoncho.Recorded r = fake.requests().get(0);
        assertThat(List.of(r.method(), r.path(), r.body(), r.authorization()))
                .containsExactly("POST", "/v3/workspaces", "{\"id\":\"w\"}", "Bearer k");
        int port = fake.port();
        fake.down();
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> post("/v3/workspaces", Map.of("id", "w")))
                .isInstanceOf(java.net.ConnectException.class);
        fake.up();
        assertThat(fake.port()).isEqualTo(port);
        post("/v3/workspaces", Map.of("id", "w")).statusCode(200);
    }
}
