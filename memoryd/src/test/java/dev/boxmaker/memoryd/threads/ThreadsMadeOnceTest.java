package dev.boxmaker.memoryd.threads;

import static com.tngtech.archunit.core.domain.JavaCall.Predicates.target;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.assignableTo;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.equivalentTo;
import static com.tngtech.archunit.core.domain.properties.HasOwner.Predicates.With.owner;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import dev.boxmaker.proto.daemon.DaemonThreads;
import java.util.Timer;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executors;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.ThreadPoolExecutor;
import org.junit.jupiter.api.Test;

/**
 * memoryd's threads are made in one place, {@link MemorydThreads}: no other class of its main sources
 * makes a thread, a pool, a timer or a thread factory, nor runs work on the JVM's common pool. A class
 * that needs threads is given them. A breach fails with the class and line that makes one.
 */
class ThreadsMadeOnceTest {
    private static final JavaClasses MEMORYD = new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .importPackages("dev.boxmaker.memoryd");

    @Test
    void noClassButMemorydThreadsMakesAThreadOrAPool() {
        noClasses().that().doNotHaveFullyQualifiedName(MemorydThreads.class.getName())
                .should().callConstructorWhere(target(owner(assignableTo(Thread.class))))
                .orShould().callConstructorWhere(target(owner(assignableTo(ThreadPoolExecutor.class))))
                .orShould().callConstructorWhere(target(owner(assignableTo(ForkJoinPool.class))))
                .orShould().callConstructorWhere(target(owner(assignableTo(Timer.class))))
                .orShould().callMethodWhere(target(owner(equivalentTo(Executors.class))))
                .orShould().callMethodWhere(target(owner(equivalentTo(DaemonThreads.class))))
                .orShould().callMethodWhere(target(owner(equivalentTo(Thread.class)))
                        .and(target(com.tngtech.archunit.core.domain.properties.HasName.Predicates.nameMatching(
                                "ofPlatform|ofVirtual|startVirtualThread"))))
                .orShould().implement(ThreadFactory.class)
                .because("memoryd's threads are made once, in MemorydThreads, and handed to the classes that use them")
                .check(MEMORYD);
    }

    @Test
    void onlyTheAssemblyStartsMemorydsThreads() {
        // The root package holds only the assembly (EarlyIndex makes them with the index, Assembly for tests' sockets).
        noClasses().that().resideOutsideOfPackage("dev.boxmaker.memoryd")
                .should().callMethod(MemorydThreads.class, "start")
                .check(MEMORYD);
    }

    @Test
    void noClassRunsWorkOnTheCommonPool() {
        // runAsync and supplyAsync without an executor run on ForkJoinPool.commonPool(), which nobody bounds here.
        noClasses().should().callMethod(CompletableFuture.class, "runAsync", Runnable.class)
                .orShould().callMethod(CompletableFuture.class, "supplyAsync", java.util.function.Supplier.class)
                .orShould().callMethod(ForkJoinPool.class, "commonPool")
                .check(MEMORYD);
    }
}
