package dev.boxmaker.loopd;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.Test;

/**
 * No import cycle between loopd's packages: each package of loopd, its root included, is one slice,
 * and no slice may reach itself again through the others. A cycle fails with the classes that make
 * it. The root holds only the daemon's assembly and entry point, which use every package and which
 * no package uses.
 */
class PackageCyclesTest {
    private static final String ROOT = "dev.boxmaker.loopd";

    /** Each package of loopd, the root too, its own slice (the classes imported are loopd's only). */
    static final String EVERY_PACKAGE = "dev.boxmaker.(**)";

    private static final JavaClasses CLASSES = new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .importPackages(ROOT);

    @Test
    void noPackageReachesItselfAgain() {
        slices().matching(EVERY_PACKAGE).should().beFreeOfCycles().check(CLASSES);
    }

    @Test
    void nothingDependsOnTheRootWhichHoldsOnlyTheAssembly() {
        noClasses().that().resideOutsideOfPackage(ROOT)
                .should().dependOnClassesThat().resideInAPackage(ROOT)
                .check(CLASSES);
    }
}
