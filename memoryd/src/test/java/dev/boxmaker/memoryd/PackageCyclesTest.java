package dev.boxmaker.memoryd;

import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.Test;

/**
 * No import cycle between memoryd's packages: each package below {@code dev.boxmaker.memoryd} is one
 * slice ({@code index}, {@code index.text}, {@code index.postings}, {@code recall}, {@code honcho.client}, …),
 * and no slice may reach itself again through the others. A cycle fails with the classes that make it.
 *
 * <p>One named exception: the root package {@code dev.boxmaker.memoryd} is no slice. It holds the
 * daemon's assembly ({@link Memoryd}, {@link EarlyIndex}, {@link Main}), which uses every package, beside
 * {@link Sentences}, which every package uses; until the assembly and the sentences live apart, every
 * package "cycles" through it.
 */
class PackageCyclesTest {
    /** Each package below memoryd's root, its own slice. */
    static final String EVERY_PACKAGE_BELOW_ROOT = "dev.boxmaker.memoryd.(**)";

    @Test
    void noPackageOfMemorydReachesItselfAgain() {
        JavaClasses classes = new ClassFileImporter()
                .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                .importPackages("dev.boxmaker.memoryd");
        slices().matching(EVERY_PACKAGE_BELOW_ROOT).should().beFreeOfCycles().check(classes);
    }
}
