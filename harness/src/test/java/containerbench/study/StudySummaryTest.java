package containerbench.study;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import containerbench.results.PairedRatio;
import containerbench.results.RunStatus;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** A study's configurations against the baseline, paired repetition by repetition. */
class StudySummaryTest {

    private final List<StudyResult.CellResult> cells = new ArrayList<>();

    private void cell(String threads, int repetition, double tps) {
        cells.add(new StudyResult.CellResult(cells.size() + 1, "tomcat", Map.of("threads", threads), repetition,
                tps > 0 ? RunStatus.COMPLETE : RunStatus.FAILED, "run", 10, null,
                tps > 0 ? List.of(new StudyResult.CellTier(100, tps, 5L, 0, false)) : List.of()));
    }

    @Test
    void aConstantRatioIsADifferenceAndAScatteredOneThatHoldsOneIsNot() {
        double[] baseline = {100, 200, 150};
        double[] slower = {90, 180, 135};
        double[] scattered = {110, 180, 150};
        for (int repetition = 1; repetition <= 3; repetition++) {
            cell("512", repetition, baseline[repetition - 1]);
            cell("1024", repetition, slower[repetition - 1]);
            cell("2048", repetition, scattered[repetition - 1]);
        }
        List<StudyResult.Summary> summary = StudyRunner.summarize(cells);
        StudyResult.SummaryTier base = summary.get(0).tiers().get(0);
        assertNull(base.toBaseline(), "the baseline has no ratio to itself");
        assertTrue(base.best(), "the highest mean, 150");
        StudyResult.SummaryTier tenPercentLess = summary.get(1).tiers().get(0);
        assertEquals(new PairedRatio(0.9, 0.9, 0.9, 3), tenPercentLess.toBaseline(),
                "the same 0.9 in every round: an interval of no width, although the unpaired intervals overlap widely");
        assertFalse(tenPercentLess.notDifferent());
        assertTrue(tenPercentLess.tps().ci95High() > base.tps().ci95Low(), "the unpaired intervals overlap, which schema 1 called"
                + " not different");
        StudyResult.SummaryTier holdsOne = summary.get(2).tiers().get(0);
        assertTrue(holdsOne.toBaseline().low() < 1 && holdsOne.toBaseline().high() > 1, holdsOne.toString());
        assertTrue(holdsOne.notDifferent());
    }

    @Test
    void aRoundWhoseBaselineFailedPairsWithNothing() {
        cell("512", 1, 100);
        cell("1024", 1, 90);
        cell("512", 2, -1);
        cell("1024", 2, 95);
        cell("512", 3, 110);
        cell("1024", 3, 99);
        PairedRatio ratio = StudyRunner.summarize(cells).get(1).tiers().get(0).toBaseline();
        assertEquals(2, ratio.pairs());
        assertEquals(0.9, ratio.ratio());
    }

    @Test
    void failedCellsAreCountedPerConfigurationAndNamedOnThePageWhileTheRestAreSummarized() {
        cell("8", 1, 100);
        cell("16", 1, -1);
        cell("8", 2, 120);
        cell("16", 2, -1);
        List<StudyResult.Summary> summary = StudyRunner.summarize(cells);
        StudyResult.Summary good = summary.get(0);
        assertEquals("tomcat threads=8", good.configuration());
        assertEquals(2, good.completed());
        assertEquals(0, good.failed());
        StudyResult.SummaryTier tier = good.tiers().get(0);
        assertEquals(2, tier.tps().n());
        assertEquals(110, tier.tps().mean(), 1e-9);
        assertTrue(tier.tps().ci95Low() <= 110 && 110 <= tier.tps().ci95High());
        assertTrue(tier.best());
        assertEquals(2, summary.get(1).failed());
        assertEquals(0, summary.get(1).completed());

        StudyResult study = new StudyResult(2, "tiny", "", "tiny.properties", "2026-12-03T17:00:00Z", "2026-12-03T17:01:00Z",
                cells, summary);
        assertEquals(2, study.failedCells());
        String page = StudyPage.html(study);
        assertTrue(page.contains("<tr class=\"best\"><td class=\"l\">tomcat threads=8</td><td>2</td>"), page);
        assertTrue(page.contains("tomcat threads=16: 2 cell(s) failed."), page);
        assertTrue(StudyTable.markdown(study).contains("tomcat threads=8"), StudyTable.markdown(study));
    }
}
