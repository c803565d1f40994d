package containerbench.study;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import containerbench.harness.MavenRun;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/** The study command end to end: cells in turn, a failed cell recorded, the spread per configuration. */
class StudyIT {

    private static final Path ROOT = Path.of(System.getProperty("project.root", ".")).toAbsolutePath();

    @Test
    void aStudyRunsEveryCellRecordsTheFailedOnesAndSummarizesTheRest() throws Exception {
        Path log = Files.createDirectories(ROOT.resolve("target/study-test")).resolve("mvn-" + System.currentTimeMillis() + ".log");
        int exit = MavenRun.run(log, List.of("-q", "test-compile", "-Pstudy",
                "-Dstudy=" + ROOT.resolve("src/test/resources/studies/tiny.properties"),
                "-Dstudies.dir=" + log.getParent().resolve("studies")));
        String output = Files.readString(log);
        assertEquals(0, exit, output);
        assertTrue(output.contains("[study] cell 1 of 4: tomcat threads=8 (repetition 1): complete"), output);
        assertTrue(output.contains("[study] cell 2 of 4: tomcat threads=0 (repetition 1): failed (bad value for --maxThreads: '0'"),
                output);
        assertTrue(output.contains("about"), "an estimate of the time left");

        Path studyJson = Path.of(output.lines().filter(l -> l.startsWith("[study] ") && l.contains("study.json"))
                .findFirst().orElseThrow().substring("[study] ".length()).split(" and ")[0]);
        StudyResult study = new ObjectMapper().readValue(studyJson.toFile(), StudyResult.class);
        assertEquals(4, study.cells().size());
        assertEquals(2, study.cells().stream().filter(c -> c.status().equals("failed")).count());
        StudyResult.Summary good = study.summary().stream().filter(s -> s.configuration().equals("tomcat threads=8"))
                .findFirst().orElseThrow();
        assertEquals(2, good.completed());
        StudyResult.SummaryTier tier = good.tiers().get(0);
        assertEquals(2, tier.tps().n());
        assertTrue(tier.tps().mean() > 0 && tier.tps().ci95Low() <= tier.tps().mean() && tier.tps().mean() <= tier.tps().ci95High());
        assertTrue(tier.best());
        assertEquals(2, study.summary().stream().filter(s -> s.configuration().equals("tomcat threads=0"))
                .findFirst().orElseThrow().failed());
        try (Stream<Path> files = Files.list(studyJson.getParent())) {
            assertTrue(files.anyMatch(f -> f.getFileName().toString().equals("summary.md")));
        }
        String page = Files.readString(studyJson.resolveSibling("study.html"));
        assertTrue(page.contains("<tr class=\"best\"><td class=\"l\">tomcat threads=8</td><td>2</td>"), page);
        assertTrue(page.contains("tomcat threads=0: 2 cell(s) failed."), page);
    }
}
