package containerbench.study;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

class SpreadTest {

    @Test
    void meanSdCvAndTheStudentTInterval() {
        Spread spread = Spread.of(List.of(10.0, 12.0, 14.0));
        assertEquals(3, spread.n());
        assertEquals(12.0, spread.mean());
        assertEquals(2.0, spread.sd());
        assertEquals(16.67, spread.cvPercent());
        // t(0.975, 2 df) = 4.3027: 12 -/+ 4.3027 * 2 / sqrt(3)
        assertEquals(7.03, spread.ci95Low());
        assertEquals(16.97, spread.ci95High());
    }

    @Test
    void oneValueHasNoSpread() {
        Spread spread = Spread.of(List.of(5.0));
        assertEquals(0, spread.sd());
        assertEquals(5.0, spread.ci95Low());
    }

    @Test
    void cellsInterleaveRepetitionsOverEveryCombination() {
        StudyPlan plan = new StudyPlan("s", "", List.of("tomcat", "jetty"),
                new java.util.LinkedHashMap<>(java.util.Map.of("threads", List.of("8", "16"))), 2, java.util.Map.of(),
                StudyPlan.Design.SEPARATE, 120);
        List<StudyPlan.Cell> cells = plan.cells();
        assertEquals(8, cells.size());
        assertEquals("tomcat threads=8", cells.get(0).configuration());
        assertEquals(1, cells.get(3).repetition());
        assertEquals(2, cells.get(4).repetition());
    }
}
