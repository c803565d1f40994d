package containerbench.study;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import containerbench.settings.ProjectRoot;
import containerbench.settings.SettingException;
import containerbench.settings.TargetCatalog;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A study is checked whole before its first cell: a knob value a container refuses stops it, naming the cell. */
class StudyRunnerTest {

    @TempDir
    Path dir;

    @Test
    void aKnobValueTheContainerRefusesStopsTheStudyBeforeAnyCellStarts() throws Exception {
        Path plan = Files.writeString(dir.resolve("bad.properties"), """
                containers = tomcat
                matrix.threads = 8, 0
                repetitions = 2
                run.tiers = 5
                """);
        SettingException error = assertThrows(SettingException.class,
                () -> StudyRunner.prepare(plan, TargetCatalog.read(ProjectRoot.find()), 2));
        assertEquals(plan + ", tomcat threads=0: bad value run.threads=0: tomcat's maxThreads accepts an integer >= 1",
                error.getMessage());
    }
}
