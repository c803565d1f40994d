package containerbench.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import containerbench.results.ResultsStore;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The page of three comparisons and their repeats, opened in Debian's Chromium, headless, at 1280 x
 * 800 (a laptop's window): no wider than the window, every chart drawn with data, no script error.
 * The page records what it drew and how far it overflows in attributes of its body
 * ({@code comparison.js}), which the browser's DOM dump shows.
 */
class PageInBrowserTest {

    private static final List<String> FLAGS = List.of("--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
            "--disable-background-networking", "--disable-component-update", "--disable-sync", "--window-size=1280,800",
            "--virtual-time-budget=5000", "--dump-dom");

    @Test
    void aPageOfThreeComparisonsFitsA1280PixelWindowAndDrawsEveryChart(@TempDir Path dir) throws Exception {
        Path chromium = Stream.of("/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome").map(Path::of)
                .filter(Files::isExecutable).findFirst().orElse(null);
        // CI installs Chromium (.ci/run) and must not skip this; a developer without it is told.
        assumeTrue(chromium != null || "true".equals(System.getenv("CI")), "no Chromium here: apt-get install chromium");
        assertNotNull(chromium, "Chromium is installed by .ci/run");
        ResultsStore store = new ResultsStore(dir);
        store.write(PageFixture.run("tomcat-undertow-jetty-wildfly-20261205-200000", "2026-12-05T20:00:00Z", 2));
        Path file = store.write(PageFixture.run("tomcat-undertow-jetty-wildfly-20261205-210000", "2026-12-05T21:00:00Z", 1));
        Path page = ComparisonPage.write(dir, RunSet.read(List.of(dir, file)));

        List<String> command = new ArrayList<>(List.of(chromium.toString()));
        command.addAll(FLAGS);
        command.add("--user-data-dir=" + Files.createDirectories(dir.resolve("profile")));
        command.add(page.toUri().toString());
        Path dom = dir.resolve("dom.html");
        Process process = new ProcessBuilder(command).redirectOutput(dom.toFile()).redirectError(dir.resolve("chromium.log").toFile())
                .start();
        if (!process.waitFor(90, TimeUnit.SECONDS)) {
            process.destroyForcibly();
            throw new AssertionError("Chromium did not finish within 90 s: " + command);
        }
        String body = Files.readString(dom).lines().filter(line -> line.contains("<body")).findFirst().orElse("(no body)");
        assertFalse(body.contains("data-errors"), "no script error: " + body);
        // Three charts against users, three forest plots, the magnitudes, two percentile panels.
        assertEquals("9", attribute(body, "charts"), body);
        assertEquals("6", attribute(body, "svgs"), body);
        assertEquals("0", attribute(body, "overflow"), "the page no wider than the window: " + body);
    }

    private static String attribute(String body, String name) {
        Matcher m = Pattern.compile("data-" + name + "=\"([^\"]*)\"").matcher(body);
        return m.find() ? m.group(1) : null;
    }
}
