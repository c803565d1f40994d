package containerbench.settings;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * .github/dependabot.yml, read as Dependabot reads it (version 2): one entry for the reactor's poms and
 * one for the workflow's actions, each at the root and on a schedule Dependabot accepts, so that a
 * dependency falling behind opens a pull request. No runner here can run Dependabot; the workflow's own
 * schema is WorkflowIT's.
 */
class DependabotTest {

    private static final Path ROOT = ProjectRoot.find();

    /** One {@code updates} entry: its ecosystem, directory and interval. */
    record Update(String ecosystem, String directory, String interval) {
    }

    @Test
    void theReactorAndTheWorkflowsActionsAreWatchedWeekly() throws Exception {
        List<String> lines = Files.readAllLines(ROOT.resolve(".github/dependabot.yml"));
        assertFalse(lines.stream().anyMatch(line -> line.contains("\t")), "YAML indents with spaces");
        assertEquals("version: 2", lines.stream().filter(line -> !line.isBlank() && !line.startsWith("#")).findFirst().orElse(""));
        assertEquals(List.of(new Update("maven", "/", "weekly"), new Update("github-actions", "/", "weekly")), updates(lines));
        assertTrue(Files.isRegularFile(ROOT.resolve("pom.xml")), "the maven entry's directory holds the reactor's pom");
    }

    private static final Pattern KEY = Pattern.compile("^\\s*-?\\s*(package-ecosystem|directory|interval):\\s*(\\S+)\\s*$");

    private static List<Update> updates(List<String> lines) {
        List<Update> updates = new ArrayList<>();
        String ecosystem = null;
        String directory = null;
        for (String line : lines) {
            Matcher key = KEY.matcher(line);
            if (!key.matches()) {
                continue;
            }
            switch (key.group(1)) {
                case "package-ecosystem" -> ecosystem = key.group(2);
                case "directory" -> directory = key.group(2);
                default -> {
                    updates.add(new Update(ecosystem, directory, key.group(2)));
                    ecosystem = null;
                    directory = null;
                }
            }
        }
        return updates;
    }
}
