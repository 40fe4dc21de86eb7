package dev.boxmaker.proto.testing;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import org.junit.jupiter.api.Test;

/**
 * No import cycle between a daemon's packages: each package of the daemon, its root included, is one
 * slice, and no slice may reach itself again through the others. A cycle fails with the classes that
 * make it. The root holds only the daemon's assembly and entry point, which use every package and which
 * no package uses. A daemon's {@code PackageCyclesTest} implements this with its {@link #root()}.
 */
public interface PackageCycles {
    /** Each package of the daemon, the root too, its own slice (the classes imported are the daemon's only). */
    String EVERY_PACKAGE = "dev.boxmaker.(**)";

    /** The daemon's root package, such as {@code dev.boxmaker.memoryd}. */
    String root();

    @Test
    default void noPackageReachesItselfAgain() {
        slices().matching(EVERY_PACKAGE).should().beFreeOfCycles().check(ImportedPackages.of(root()));
    }

    @Test
    default void nothingDependsOnTheRootWhichHoldsOnlyTheAssembly() {
        noClasses().that().resideOutsideOfPackage(root())
                .should().dependOnClassesThat().resideInAPackage(root())
                .check(ImportedPackages.of(root()));
    }
}
