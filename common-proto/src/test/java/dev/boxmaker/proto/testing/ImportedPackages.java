package dev.boxmaker.proto.testing;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/** A package's main classes, tests left out, imported once per test JVM for {@link PackageCycles}' rules. */
final class ImportedPackages {
    private static final Map<String, JavaClasses> IMPORTED = new ConcurrentHashMap<>();

    private ImportedPackages() {
    }

    static JavaClasses of(String root) {
        return IMPORTED.computeIfAbsent(root, r -> new ClassFileImporter()
                .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                .importPackages(r));
    }
}
