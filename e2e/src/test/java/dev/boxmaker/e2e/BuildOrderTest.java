package dev.boxmaker.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import javax.xml.parsers.DocumentBuilderFactory;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;
import org.junit.jupiter.api.Test;

/**
 * The process tests run against fresh jars: every module whose jar they start or call is a dependency
 * of e2e, so `./mvnw -pl e2e -am verify` builds it, and a parallel build (`-T 2`) finishes it (its
 * quarkus-app included) before e2e's failsafe starts.
 */
class BuildOrderTest {
    @Test
    void everyModuleTheTestsLaunchOrCallIsADependencyOfE2e() throws Exception {
        List<String> declared = new ArrayList<>();
        Element project = DocumentBuilderFactory.newInstance().newDocumentBuilder()
                .parse(Path.of("pom.xml").toFile()).getDocumentElement();
        NodeList dependencies = ((Element) project.getElementsByTagName("dependencies").item(0))
                .getElementsByTagName("dependency");
        for (int i = 0; i < dependencies.getLength(); i++) {
            Element dependency = (Element) dependencies.item(i);
            if (text(dependency, "groupId").equals("dev.boxmaker")) {
                declared.add(text(dependency, "artifactId"));
            }
        }

        assertThat(declared).containsAll(Daemons.LAUNCHED).contains("bxctl");
    }

    private static String text(Element parent, String tag) {
        return parent.getElementsByTagName(tag).item(0).getTextContent().strip();
    }
}
