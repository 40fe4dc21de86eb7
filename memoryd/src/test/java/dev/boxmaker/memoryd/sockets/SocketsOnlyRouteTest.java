package dev.boxmaker.memoryd.sockets;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import java.nio.file.Files;
import org.junit.jupiter.api.Test;

/**
 * memoryd's socket handlers only route: they turn a frame into a call and its answer into a frame.
 * None reaches the index, the memory files, the journal or SQLite, and none reads a file; what they
 * call is handed to them where memoryd is assembled ({@code Assembly}).
 */
class SocketsOnlyRouteTest {
    private static final JavaClasses MEMORYD = new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .importPackages("dev.boxmaker.memoryd");

    @Test
    void noHandlerDependsOnTheIndexTheFilesTheJournalOrSql() {
        noClasses().that().resideInAPackage("dev.boxmaker.memoryd.sockets..")
                .should().dependOnClassesThat().resideInAnyPackage("dev.boxmaker.memoryd.index..",
                        "dev.boxmaker.memoryd.files..", "dev.boxmaker.memoryd.edits..", "java.sql..")
                .check(MEMORYD);
    }

    @Test
    void noHandlerReadsOrSizesAFile() {
        noClasses().that().resideInAPackage("dev.boxmaker.memoryd.sockets..")
                .should().dependOnClassesThat().belongToAnyOf(Files.class)
                .check(MEMORYD);
    }
}
