package containerbench.settings;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class RunPropertiesTest {

    private static final List<String> KNOBS = List.of("maxThreads", "acceptCount", "workerThreads", "threads", "backlog");

    @ParameterizedTest(name = "-D{0} is -D{1}")
    @CsvSource({
        "tierSecond, tierSeconds",
        "warmUpSeconds, warmupSeconds",
        "warmup_seconds, warmupSeconds",
        "tier, tiers",
        "target.cpu, target.cpus",
        "maxThread, maxThreads",
        "maxFailurePercentage, maxFailurePercent",
        "thread, threads",
    })
    void aNameCloseToAKnownOneStopsTheRunNamingIt(String typed, String meant) {
        var error = assertThrows(SettingException.class, () -> RunProperties.refuseNearMisses(List.of(typed), KNOBS, "-D"));
        assertEquals("unknown property -D" + typed + ": did you mean -D" + meant + "? Nothing was started.", error.getMessage());
    }

    @Test
    void knownNamesAndOtherToolsNamesPass() {
        assertDoesNotThrow(() -> RunProperties.refuseNearMisses(List.of("tiers", "tierSeconds", "maxThreads", "backlog",
                "container.profiles", "project.root", "gatling.http.requestTimeout", "io.netty.eventLoopThreads",
                "maven.repo.local", "skipTests", "fooBar", "containerbench.test"), KNOBS, "-D"));
    }

    @Test
    void theClosestNameWins() {
        assertEquals(Optional.of("tiers"), Spelling.closest("tiesr", List.of("tiers", "tierSeconds")));
        assertEquals(Optional.empty(), Spelling.closest("fooBar", List.of("tiers", "tierSeconds")));
        assertEquals(1, Spelling.distance("tiers", "tiesr"), "a swap of two neighbours is one slip");
    }

    @Test
    void theManualsTableOfPropertiesIsTheDeclaredOne() throws Exception {
        String manual = Files.readString(ProjectRoot.find().resolve("docs/properties.md"));
        String table = RunProperties.markdownTable();
        assertTrue(manual.contains(table), "docs/properties.md's table of properties differs from RunProperties; it should read:\n"
                + table);
    }
}
