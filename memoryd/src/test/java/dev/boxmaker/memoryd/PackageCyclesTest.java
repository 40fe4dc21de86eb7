package dev.boxmaker.memoryd;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.Test;

/**
 * No import cycle between memoryd's packages: each package of memoryd, its root included, is one
 * slice ({@code memoryd}, {@code memoryd.index}, {@code memoryd.index.text}, {@code memoryd.recall},
 * {@code memoryd.sentences}, …), and no slice may reach itself again through the others. A cycle fails
 * with the classes that make it. The root holds only the daemon's assembly ({@link Assembly},
 * {@link Memoryd}, {@link EarlyIndex}, {@link Main}), which uses every package and which no package uses.
 */
class PackageCyclesTest {
    private static final String ROOT = "dev.boxmaker.memoryd";

    /** Each package of memoryd, the root too, its own slice (the classes imported are memoryd's only). */
    static final String EVERY_PACKAGE = "dev.boxmaker.(**)";

    private static final JavaClasses MEMORYD = new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .importPackages(ROOT);

    @Test
    void noPackageOfMemorydReachesItselfAgain() {
        slices().matching(EVERY_PACKAGE).should().beFreeOfCycles().check(MEMORYD);
    }

    @Test
    void nothingDependsOnTheRootWhichHoldsOnlyTheAssembly() {
        noClasses().that().resideOutsideOfPackage(ROOT)
                .should().dependOnClassesThat().resideInAPackage(ROOT)
                .check(MEMORYD);
    }
}
