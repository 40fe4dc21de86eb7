package dev.boxmaker.memoryd.config;

import static dev.boxmaker.memoryd.config.HonchoConfigTest.HONCHO;
import static dev.boxmaker.memoryd.config.HonchoConfigTest.KEY;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.boxmaker.memoryd.sentences.HardeningSentences;
import dev.boxmaker.proto.config.ConfigException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 35, items 7 and 8: a key never rides in Honcho's URL, and a {@code [secrets.NAME]} that
 * nothing reads or that is a symbolic link stops start-up saying so.
 */
class HonchoUrlAndSecretsConfigTest {
    static final String IN_URL = "hk-in-the-url-5f6a7b";

    @TempDir
    Path dir;

    MemorydSettings load(String toml) throws Exception {
        return HonchoConfigTest.loadIn(dir, toml);
    }

    void refused(String toml, String sentence) {
        assertThatThrownBy(() -> load(toml)).isInstanceOf(ConfigException.class).hasMessage(sentence)
                .hasMessageNotContaining(IN_URL);
    }

    Path secret(String name) throws Exception {
        return HonchoConfigTest.secretIn(dir, name, KEY, "rw-------");
    }

    static String url(String url) {
        return HONCHO.replace("http://127.0.0.1:8000", url);
    }

    @Test
    void aUrlWithAQueryStopsStartUpWithoutPrintingIt() {
        String sentence = "[honcho] url must not hold a query (the part after ?), which is not printed here;"
                + " put each workspace's key in a [secrets.NAME] file (runbook honcho-config-invalid)";
        refused(url("http://127.0.0.1:8000/?key=" + IN_URL), sentence);
        refused(url("https://honcho.example/v?" + IN_URL), sentence);
        refused(url("ftp://h?" + IN_URL), sentence);
        assertThat(HardeningSentences.HONCHO_URL_QUERY).isEqualTo(sentence);
    }

    @Test
    void aUrlWithAFragmentStopsStartUpWithoutPrintingIt() {
        refused(url("http://127.0.0.1:8000/#" + IN_URL), "[honcho] url must not hold a fragment (the part after #),"
                + " which is not printed here; put each workspace's key in a [secrets.NAME] file"
                + " (runbook honcho-config-invalid)");
    }

    @Test
    void userInformationStopsStartUpWithoutPrintingItEvenWhereTheUrlCannotBeRead() {
        String sentence = "[honcho] url must not hold a user name or password; put each workspace's key in a"
                + " [secrets.NAME] file (runbook honcho-config-invalid)";
        refused(url("http://kyle:" + IN_URL + "@127.0.0.1:8000"), sentence);
        refused(url("http://kyle:" + IN_URL + "@bad host"), sentence);
        refused(url("http://kyle:" + IN_URL + "@under_score"), sentence);
        refused(url("ftp://kyle:" + IN_URL + "@h"), sentence);
    }

    @Test
    void aReadWorkspaceHasNoUrlAndOneWrittenThereIsRefusedByItsKeyAlone() {
        refused(HONCHO + "[[honcho.read]]\nagent = \"b1\"\nworkspace = \"w\"\nurl = \"http://h/?key=" + IN_URL + "\"\n",
                "memoryd.toml has the key \"honcho.read[0].url\", which [honcho], [[honcho.read]] and [secrets.NAME]"
                        + " do not know; fix its spelling or remove it (runbook honcho-config-invalid)");
    }

    @Test
    void aLogLineShowsAUrlWithoutItsQueryOrUserInformation() {
        assertThat(HardeningSentences.shownUrl(URI.create("https://kyle:pw@honcho.example:8443/base?key=k#f")))
                .isEqualTo("https://honcho.example:8443/base");
        assertThat(HardeningSentences.shownUrl(URI.create("http://127.0.0.1:8000"))).isEqualTo("http://127.0.0.1:8000");
    }

    @Test
    void aSecretNothingReadsIsNamedBeforeItsFileIsRead() {
        refused(HONCHO + "[[honcho.read]]\nagent = \"b1\"\nworkspace = \"w\"\n"
                + "[secrets.honcho_trustd]\nfile = \"none.key\"\n", "[secrets.honcho_trustd] is read by nothing:"
                + " memoryd reads honcho_trusted, honcho_untrusted, honcho_fleet, honcho_read_b1 here; fix its name"
                + " or remove it (runbook honcho-config-invalid)");
        refused(HONCHO + "[secrets.honcho_read_b2]\nfile = \"none.key\"\n", "[secrets.honcho_read_b2] is read by"
                + " nothing: memoryd reads honcho_trusted, honcho_untrusted, honcho_fleet here; fix its name or remove"
                + " it (runbook honcho-config-invalid)");
    }

    @Test
    void aSecretThatIsASymbolicLinkIsRefusedSayingSo() throws Exception {
        Path target = secret("real.key");
        Path link = Files.createSymbolicLink(dir.resolve("secrets/t.key"), target);
        assertThatThrownBy(() -> load(HONCHO + "[secrets.honcho_trusted]\nfile = \"t.key\"\n"))
                .hasMessage("[secrets.honcho_trusted] file " + link + " is a symbolic link, which is never followed;"
                        + " name the file itself, mode 0600 or 0400 (runbook honcho-config-invalid)")
                .hasMessageNotContaining(KEY);
    }

    @Test
    void theSecretsHonchoReadsAreAccepted() throws Exception {
        secret("t.key");
        MemorydSettings s = load(HONCHO + "[[honcho.read]]\nagent = \"b1\"\nworkspace = \"w\"\n"
                + "[secrets.honcho_trusted]\nfile = \"t.key\"\n[secrets.honcho_read_b1]\nfile = \"t.key\"\n");
        assertThat(s.honcho().orElseThrow().keys()).containsOnlyKeys("honcho_trusted", "honcho_read_b1");
    }
}
