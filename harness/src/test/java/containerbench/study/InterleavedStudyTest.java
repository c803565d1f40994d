package containerbench.study;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import containerbench.settings.ProjectRoot;
import containerbench.settings.SettingException;
import containerbench.settings.TargetCatalog;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** How a study of several configurations is laid out as interleaved runs, checked before any load. */
class InterleavedStudyTest {

    private static final TargetCatalog CATALOG = TargetCatalog.read(ProjectRoot.find());

    @TempDir
    Path dir;

    private Path file(String... lines) throws Exception {
        return Files.write(dir.resolve("study.properties"), List.of(lines));
    }

    @Test
    void theFirstStudysFourConfigurationsAreTheTargetsOfOneRunTheFirstTheBaseline() throws Exception {
        Path file = ProjectRoot.find().resolve("studies/first-study.properties");
        StudyPlan plan = StudyPlan.read(file);
        assertEquals(StudyPlan.Design.INTERLEAVED, plan.design(), "four configurations: interleaved by default");
        InterleavedStudy study = InterleavedStudy.prepare(plan, file, CATALOG, 2, plan.maxMinutes());
        assertEquals(List.of("tomcat[executor=own,protocol=nio], tomcat[protocol=nio2], tomcat[executor=shared],"
                + " tomcat[executor=shared,protocol=nio2]"), study.targets(), "each labelled by what differs from the first");
        assertTrue(study.minutes() > 0 && study.minutes() <= plan.maxMinutes(), study.minutes() + " min");
    }

    @Test
    void moreConfigurationsThanOneRunHoldsAreRunsThatEachStartWithTheBaseline() throws Exception {
        Path file = file("containers = tomcat, undertow, jetty", "matrix.threads = 64, 128, 256", "run.tiers = 100",
                "run.warmupSeconds = 5", "run.rounds = 2");
        StudyPlan plan = StudyPlan.read(file);
        InterleavedStudy study = InterleavedStudy.prepare(plan, file, CATALOG, 2, 600);
        assertEquals(2, study.targets().size(), "nine configurations, at most eight targets a run: " + study.targets());
        assertTrue(study.targets().get(1).startsWith("tomcat[threads=64], jetty[threads=256]"), study.targets().get(1));
    }

    @Test
    void aPlanPastItsMaxMinutesIsRefusedSayingHowLongAndHowToAllowIt() throws Exception {
        Path file = file("containers = tomcat", "matrix.threads = 64, 128", "repetitions = 40", "maxMinutes = 30", "run.tiers = 100");
        var error = assertThrows(SettingException.class, () -> InterleavedStudy.prepare(StudyPlan.read(file), file, CATALOG, 2, 30));
        assertTrue(error.getMessage().matches(".*: about \\d+ min \\(40 repetition\\(s\\) of 1 run\\(s\\)\\), past maxMinutes = 30:"
                + " raise maxMinutes in the file, or allow it with --maxMinutes \\d+"), error.getMessage());
    }

    @Test
    void aRunPropertyInTheMatrixCannotBeATargetAndSaysWhatToDo() throws Exception {
        Path file = file("containers = tomcat", "matrix.target.cpuLimit = 0.5, 1", "run.tiers = 100");
        var error = assertThrows(SettingException.class, () -> InterleavedStudy.prepare(StudyPlan.read(file), file, CATALOG, 2, 600));
        assertTrue(error.getMessage().endsWith("matrix.target.cpuLimit is not a knob of a container, and only knobs can differ"
                + " between the targets of one run: set design = separate to run each cell on its own"), error.getMessage());
        Path one = file("containers = tomcat", "design = interleaved", "run.tiers = 100");
        var single = assertThrows(SettingException.class, () -> StudyPlan.read(one));
        assertTrue(single.getMessage().endsWith("design = interleaved needs two configurations or more; this study has one"));
    }
}
