package dev.boxmaker.memoryd.tool;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.boxmaker.proto.Json;
import dev.boxmaker.proto.wire.msg.Outcome;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** memoryd refuses a wrong shape itself, naming the field; nothing is written. */
class RequestParserTest {
    @TempDir
    Path dir;

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "{}|memory: \"action\" must be one of \"add\", \"replace\", \"remove\", \"note\" and \"consolidate\"",
        "{'action':7}|memory: \"action\" must be one of \"add\", \"replace\", \"remove\", \"note\" and \"consolidate\"",
        "{'action':'edit'}|memory: \"action\" must be one of \"add\", \"replace\", \"remove\", \"note\" and \"consolidate\"",
        "{'action':'add','text':'x'}|memory: \"file\" must be \"memory\" or \"user\"",
        "{'action':'add','file':'soul','text':'x'}|memory: \"file\" must be \"memory\" or \"user\"",
        "{'action':'add','file':'memory'}|memory: \"text\" must be a string of 1 to 2,200 characters",
        "{'action':'add','file':'memory','text':3}|memory: \"text\" must be a string of 1 to 2,200 characters",
        "{'action':'note'}|memory: \"text\" must be a string of 1 to 1,000 characters",
        "{'action':'replace','file':'memory','text':'x'}|memory: \"old\" must be a string of 1 to 2,200 characters",
        "{'action':'replace','file':'memory','old':'x'}|memory: \"text\" must be a string of 1 to 2,200 characters",
        "{'action':'remove','file':'user'}|memory: \"old\" must be a string of 1 to 1,375 characters",
        "{'action':'consolidate','file':'user'}|memory: \"entries\" must be a list of 1 to 1,000 objects",
        "{'action':'consolidate','file':'user','entries':{}}|memory: \"entries\" must be a list of 1 to 1,000 objects",
        "{'action':'consolidate','file':'user','entries':['x']}|memory: \"entries\" must be a list of 1 to 1,000 objects",
        "{'action':'consolidate','file':'user','entries':[{'old':'a'}]}|consolidate: entries[0] must have exactly one of keep, text, move, drop with its old; it has none",
        "{'action':'consolidate','file':'user','entries':[{'text':'n'},{'old':'a','keep':true,'move':true}]}|consolidate: entries[1] must have exactly one of keep, text, move, drop with its old; it has keep and move",
        "{'action':'consolidate','file':'user','entries':[{'old':'a','text':'b','drop':true}]}|consolidate: entries[0] must have exactly one of keep, text, move, drop with its old; it has text and drop",
        "{'action':'consolidate','file':'user','entries':[{'old':'a','keep':false}]}|memory: \"entries[0].keep\" must be true when it is given",
        "{'action':'consolidate','file':'user','entries':[{'old':'a','move':'yes'}]}|memory: \"entries[0].move\" must be true when it is given",
        "{'action':'consolidate','file':'user','entries':[{'old':1,'keep':true}]}|memory: \"entries[0].old\" must be a string of 1 to 1,375 characters",
        "{'action':'consolidate','file':'user','entries':[{'text':2}]}|memory: \"entries[0].text\" must be a string of 1 to 1,375 characters",
        "{'action':'consolidate','file':'user','entries':[{'keep':true}]}|consolidate: entries[0] has no old, so it is a new entry and must have only text",
        "{'action':'consolidate','file':'user','entries':[{'text':'n','drop':true}]}|consolidate: entries[0] has no old, so it is a new entry and must have only text",
        // A lone surrogate has no UTF-8 form: written, it would become '?' on disk, not what was answered.
        "{'action':'add','file':'memory','text':'tea \\ud83c'}|\"text\" is not valid Unicode: it holds U+D83C without its pair; write the character whole",
        "{'action':'note','text':'\\udf75 tea'}|\"text\" is not valid Unicode: it holds U+DF75 without its pair; write the character whole",
        "{'action':'remove','file':'user','old':'a\\ud800'}|\"old\" is not valid Unicode: it holds U+D800 without its pair; write the character whole",
        "{'action':'consolidate','file':'user','entries':[{'text':'n'},{'old':'a','text':'\\udbff'}]}|\"entries[1].text\" is not valid Unicode: it holds U+DBFF without its pair; write the character whole",
    })
    void aWrongShapeIsRefusedNamingTheField(String json, String sentence) throws Exception {
        MemoryStore store = new MemoryStore(dir, Fixture.CHECK, new Fixture.TestClock(Fixture.START));
        ObjectNode args = (ObjectNode) Json.MAPPER.readTree(json.replace('\'', '"'));
        Answer a = store.call(Fixture.clean(), args);
        assertThat(a.outcome()).isEqualTo(Outcome.REFUSED);
        assertThat(a.text()).isEqualTo(sentence);
        assertThat(Fixture.read(dir.resolve("notes.md"))).isEmpty();
        assertThat(store.log(20)).isEqualTo("no edits yet");
    }

    @Test
    void tooManyConsolidateItemsAreRefused() throws Exception {
        ObjectNode args = Json.MAPPER.createObjectNode().put("action", "consolidate").put("file", "memory");
        var entries = args.putArray("entries");
        for (int i = 0; i < 1_001; i++) {
            entries.addObject().put("text", "n" + i);
        }
        Refused r = org.junit.jupiter.api.Assertions.assertThrows(Refused.class, () -> RequestParser.parse(args));
        assertThat(r.sentence()).isEqualTo("memory: \"entries\" must be a list of 1 to 1,000 objects");
        entries.remove(1_000);
        assertThat(RequestParser.parse(args)).isInstanceOf(Request.Consolidate.class);
    }

    @Test
    void unknownFieldsAreIgnoredAndRequestsRoundTripThroughTheirArgs() throws Exception {
        ObjectNode args = (ObjectNode) Json.MAPPER.readTree(
                "{\"action\":\"consolidate\",\"file\":\"memory\",\"extra\":1,\"entries\":[{\"old\":\"a\",\"keep\":true},"
                        + "{\"old\":\"b\",\"text\":\"c\"},{\"old\":\"d\",\"move\":true},{\"old\":\"e\",\"drop\":true},{\"text\":\"f\"}]}");
        Request r = RequestParser.parse(args);
        assertThat(RequestParser.parse(r.toArgs())).isEqualTo(r);
    }
}
