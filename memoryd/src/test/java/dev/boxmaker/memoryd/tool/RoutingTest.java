package dev.boxmaker.memoryd.tool;

import static dev.boxmaker.memoryd.tool.Fixture.clean;
import static dev.boxmaker.memoryd.tool.Fixture.read;
import static dev.boxmaker.memoryd.tool.Fixture.tainted;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.boxmaker.proto.DataClass;
import dev.boxmaker.proto.Json;
import dev.boxmaker.proto.Label;
import dev.boxmaker.proto.wire.msg.MemoryCall;
import dev.boxmaker.proto.wire.msg.Outcome;
import dev.boxmaker.proto.wire.msg.ToolRequest;
import dev.boxmaker.proto.wire.msg.ToolResponse;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Where each action goes in a clean and in an untrusted session, with the files' exact bytes after. */
class RoutingTest {
    static final String CLEAN_SID = Fixture.CLEAN.value();
    static final String TAINTED_SID = Fixture.TAINTED.value();
    @TempDir
    Path dir;
    MemoryStore store;

    @BeforeEach
    void open() throws Exception {
        store = new MemoryStore(dir, Fixture.CHECK, new Fixture.TestClock(Fixture.START));
        store.add(clean(), dev.boxmaker.memoryd.files.IdentityFile.MEMORY, "m");
        store.add(clean(), dev.boxmaker.memoryd.files.IdentityFile.USER, "u");
    }

    static ObjectNode args(String json) throws Exception {
        return (ObjectNode) Json.MAPPER.readTree(json);
    }

    private void assertFiles(String memory, String user, String notes) throws Exception {
        assertThat(read(dir.resolve("memory.md"))).isEqualTo(memory);
        assertThat(read(dir.resolve("user.md"))).isEqualTo(user);
        assertThat(read(dir.resolve("notes.md"))).isEqualTo(notes);
    }

    @Test
    void cleanNoteGoesToNotesLabelledTrusted() throws Exception {
        Answer a = store.call(clean(), args("{\"action\":\"note\",\"text\":\"saw a heron\"}"));
        assertThat(a).isEqualTo(Answer.ok("noted", new Label(DataClass.PRIVATE, false)));
        assertFiles("m\n", "u\n", "§ noted 2026-09-24T21:02Z in session " + CLEAN_SID + " · private\nsaw a heron\n");
    }

    @Test
    void untrustedNoteGoesToNotesLabelledUntrusted() throws Exception {
        Answer a = store.call(tainted(), args("{\"action\":\"note\",\"text\":\"saw a heron\"}"));
        assertThat(a).isEqualTo(Answer.ok("noted (untrusted)", new Label(DataClass.PRIVATE, true)));
        assertFiles("m\n", "u\n", "§ noted 2026-09-24T21:02Z in session " + TAINTED_SID + " · private · untrusted\nsaw a heron\n");
    }

    @Test
    void aNoteCarriesTheSessionsClass() throws Exception {
        var secret = new Caller(Fixture.TAINTED, "c", DataClass.SECRET, true);
        Answer a = store.call(secret, args("{\"action\":\"note\",\"text\":\"k\"}"));
        assertThat(a.label()).isEqualTo(new Label(DataClass.SECRET, true));
        assertFiles("m\n", "u\n", "§ noted 2026-09-24T21:02Z in session " + TAINTED_SID + " · secret · untrusted\nk\n");
    }

    @Test
    void aPublicTaintIsLabelledAtLeastPrivate() throws Exception {
        var pub = new Caller(Fixture.CLEAN, "c", DataClass.PUBLIC, false);
        assertThat(store.call(pub, args("{\"action\":\"note\",\"text\":\"k\"}")).label())
                .isEqualTo(new Label(DataClass.PRIVATE, false));
    }

    @Test
    void cleanAddGoesToTheFile() throws Exception {
        Answer a = store.call(clean(), args("{\"action\":\"add\",\"file\":\"user\",\"text\":\"likes tea\"}"));
        assertThat(a.text()).isEqualTo("added to user.md (13 of 1,375 characters); it takes effect in the next session");
        assertFiles("m\n", "u\n§\nlikes tea\n", "");
    }

    @Test
    void untrustedAddBecomesAnUntrustedNote() throws Exception {
        Answer a = store.call(tainted(), args("{\"action\":\"add\",\"file\":\"memory\",\"text\":\"wire money\"}"));
        assertThat(a).isEqualTo(Answer.ok("saved as a note (untrusted): this session has read untrusted content",
                new Label(DataClass.PRIVATE, true)));
        assertFiles("m\n", "u\n", "§ noted 2026-09-24T21:02Z in session " + TAINTED_SID + " · private · untrusted\nwire money\n");
    }

    @Test
    void untrustedAddFollowsTheNoteRules() throws Exception {
        Answer a = store.call(tainted(), args("{\"action\":\"add\",\"file\":\"memory\",\"text\":\"" + "x".repeat(1_001) + "\"}"));
        assertThat(a.text()).isEqualTo("a note must be 1 to 1,000 characters; this one is 1,001");
        assertFiles("m\n", "u\n", "");
    }

    @Test
    void cleanReplaceRemoveAndConsolidateChangeTheFiles() throws Exception {
        assertThat(store.call(clean(), args("{\"action\":\"replace\",\"file\":\"memory\",\"old\":\"m\",\"text\":\"m2\"}"))
                .outcome()).isEqualTo(Outcome.OK);
        assertThat(store.call(clean(), args("{\"action\":\"remove\",\"file\":\"user\",\"old\":\"u\"}")).outcome())
                .isEqualTo(Outcome.OK);
        assertThat(store.call(clean(), args(
                "{\"action\":\"consolidate\",\"file\":\"memory\",\"entries\":[{\"old\":\"m2\",\"move\":true},{\"text\":\"n\"}]}"))
                .outcome()).isEqualTo(Outcome.OK);
        assertFiles("n\n", "", "§ dropped 2026-09-24T21:02Z from user.md in session " + CLEAN_SID + "\nu\n"
                + "§ moved 2026-09-24T21:02Z from memory.md in session " + CLEAN_SID + "\nm2\n");
    }

    @Test
    void untrustedReplaceRemoveAndConsolidateAreRefusedNamingTheFile() throws Exception {
        Label untrusted = new Label(DataClass.PRIVATE, true);
        assertThat(store.call(tainted(), args("{\"action\":\"replace\",\"file\":\"memory\",\"old\":\"m\",\"text\":\"x\"}")))
                .isEqualTo(Answer.refused("this session has read untrusted content; it can take notes but not change memory.md", untrusted));
        assertThat(store.call(tainted(), args("{\"action\":\"remove\",\"file\":\"user\",\"old\":\"u\"}")))
                .isEqualTo(Answer.refused("this session has read untrusted content; it can take notes but not change user.md", untrusted));
        assertThat(store.call(tainted(), args("{\"action\":\"consolidate\",\"file\":\"user\",\"entries\":[{\"old\":\"u\",\"drop\":true}]}")))
                .isEqualTo(Answer.refused("this session has read untrusted content; it can take notes but not change user.md", untrusted));
        assertFiles("m\n", "u\n", "");
    }

    @Test
    void aMemoryCallIsAnsweredWithAToolResponse() throws Exception {
        var request = new ToolRequest(Fixture.TAINTED, "call_9", "memory", args("{\"action\":\"note\",\"text\":\"t\"}"));
        ToolResponse r = store.call(new MemoryCall(request, DataClass.PRIVATE, true));
        assertThat(r).isEqualTo(new ToolResponse("call_9", Outcome.OK, "noted (untrusted)", DataClass.PRIVATE, true, null));
    }
}
