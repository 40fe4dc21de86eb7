package dev.boxmaker.memoryd.recall;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import dev.boxmaker.memoryd.index.IndexDamagedException;
import dev.boxmaker.memoryd.index.search.Hit;
import dev.boxmaker.memoryd.index.search.IndexSearch;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * Recall reaches the index through its one search seam and nothing else: {@link IndexSearch}, the
 * {@link Hit}s it answers and the {@link IndexDamagedException} it may throw. The postings, the
 * statements, the rows and the analysis behind it can change without recall knowing.
 */
class RecallSeamTest {
    /** The index's classes recall may use. */
    static final Set<String> SEAM = Set.of(IndexSearch.class.getName(), Hit.class.getName(),
            IndexDamagedException.class.getName());

    @Test
    void recallUsesOnlyTheIndexSearchSeam() {
        JavaClasses classes = new ClassFileImporter()
                .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                .importPackages("dev.boxmaker.memoryd");
        DescribedPredicate<JavaClass> beyondTheSeam = DescribedPredicate.describe(
                "are of the index but not of its search seam " + SEAM,
                c -> c.getPackageName().startsWith("dev.boxmaker.memoryd.index") && !SEAM.contains(c.getName()));
        noClasses().that().resideInAPackage("dev.boxmaker.memoryd.recall..")
                .should().dependOnClassesThat(beyondTheSeam).check(classes);
    }
}
