package containerbench;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noFields;
import static com.tngtech.archunit.library.Architectures.layeredArchitecture;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.Test;

/**
 * The stages of a run depend on each other one way, settings ← launch ← measure ← results ← report
 * ← run, with the tools on top; no package reaches back, and no class keeps mutable static state.
 */
class ArchitectureTest {

    private static final JavaClasses HARNESS = new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS).importPackages("containerbench");

    @Test
    void theStagesDependOneWay() {
        layeredArchitecture().consideringOnlyDependenciesInLayers()
                .layer("settings").definedBy("containerbench.settings..")
                .layer("launch").definedBy("containerbench.launch..")
                .layer("measure").definedBy("containerbench.measure..")
                .layer("results").definedBy("containerbench.results..")
                .layer("report").definedBy("containerbench.report..")
                .layer("run").definedBy("containerbench.run..")
                .layer("study").definedBy("containerbench.study..")
                .layer("calibrate").definedBy("containerbench.calibrate..")
                .layer("cli").definedBy("containerbench.cli..")
                .whereLayer("cli").mayNotBeAccessedByAnyLayer()
                .whereLayer("study").mayOnlyBeAccessedByLayers("cli")
                .whereLayer("calibrate").mayOnlyBeAccessedByLayers("cli")
                .whereLayer("run").mayOnlyBeAccessedByLayers("study", "calibrate", "cli")
                .whereLayer("report").mayOnlyBeAccessedByLayers("run", "study", "calibrate", "cli")
                .whereLayer("results").mayOnlyBeAccessedByLayers("report", "run", "study", "calibrate", "cli")
                .whereLayer("measure").mayOnlyBeAccessedByLayers("results", "report", "run", "study", "calibrate", "cli")
                .whereLayer("launch").mayOnlyBeAccessedByLayers("run", "study", "calibrate", "cli")
                .check(HARNESS);
    }

    @Test
    void noPackageCycles() {
        slices().matching("containerbench.(*)..").should().beFreeOfCycles().check(HARNESS);
    }

    @Test
    void noMutableStaticState() {
        noFields().that().areStatic().should().notBeFinal()
                .because("a run's state belongs to the run, not to a class that outlives it").check(HARNESS);
    }
}
