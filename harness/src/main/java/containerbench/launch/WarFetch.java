package containerbench.launch;

import containerbench.settings.AppSettings;
import containerbench.settings.ProjectRoot;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * A user's WAR given as a Maven coordinate and not yet in the local repository: fetched once, before
 * any target starts, by this project's Maven from the repositories it is configured with.
 */
final class WarFetch {

    private static final int TIMEOUT_MINUTES = 5;

    private WarFetch() {
    }

    static void ensure(AppSettings app, Path root, Path log, PrintStream out) {
        if (!app.userWar() || Files.isRegularFile(app.war())) {
            return;
        }
        out.println("container-bench: fetching " + app.coordinate() + " (war) into the local Maven repository, log in " + log);
        List<String> command = List.of(ProjectRoot.maven(root), "-B", "-ntp", "-q", "dependency:get",
                "-Dartifact=" + app.coordinate() + ":war", "-Dtransitive=false");
        try {
            Files.createDirectories(log.getParent());
            Process maven = new ProcessBuilder(command).directory(root.toFile()).redirectErrorStream(true)
                    .redirectOutput(log.toFile()).start();
            if (!maven.waitFor(TIMEOUT_MINUTES, TimeUnit.MINUTES)) {
                maven.destroyForcibly();
                throw new IllegalStateException("fetching " + app.coordinate() + " took over " + TIMEOUT_MINUTES + " minutes; see " + log);
            }
        } catch (IOException e) {
            throw new IllegalStateException("cannot run Maven to fetch " + app.coordinate() + ": " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while fetching " + app.coordinate(), e);
        }
        if (!Files.isRegularFile(app.war())) {
            throw new IllegalStateException("the WAR " + app.coordinate() + " could not be fetched (is it a war, and is the"
                    + " coordinate right?). The end of Maven's output, " + log + ":\n" + TargetProcess.tail(log));
        }
    }
}
