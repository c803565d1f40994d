package containerbench.run;

import containerbench.results.ResultsStore;
import containerbench.results.StoredRun;
import containerbench.settings.RunSettings;
import containerbench.settings.SettingsFile;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;

/**
 * A run this process hands to another JVM (Maven's Gatling JVM, or one of the other injectors):
 * its settings written once, as this process resolved them, and its results file claimed here, so
 * that this process reads the child's results from the file it named, never from the child's output.
 *
 * @param settingsFile what the child is given ({@code -Dcontainerbench.settings})
 * @param resultsFile where the child writes its results
 */
public record ChildRun(Path settingsFile, Path resultsFile) {

    /** Claims a results file for a run of {@code settings} in its results folder, and writes its settings beside it. */
    public static ChildRun prepare(RunSettings settings) {
        return prepare(settings, null);
    }

    /** The same for one of several injectors on this machine, which meet in {@code startBarrier} before their load. */
    static ChildRun prepare(RunSettings settings, Path startBarrier) {
        ResultsStore store = new ResultsStore(settings.benchmarksDir());
        Path results = store.fileOf(store.claim(settings.runName(), Instant.now()));
        return new ChildRun(SettingsFile.write(settings, results, startBarrier), results);
    }

    /**
     * Why a child run did not complete, in one line, or {@code null} when it did: Maven's exit, the
     * run's own first line of failure, or its status.
     *
     * @param stored what {@link #results} read, or {@code null}
     */
    public static String incomplete(int exit, StoredRun stored) {
        if (stored == null) {
            return "no results, mvn exit " + exit;
        }
        if (exit == 0 && stored.run().status() == containerbench.results.RunStatus.COMPLETE) {
            return null;
        }
        return stored.run().failure() != null ? stored.run().failure().lines().findFirst().orElse("") : "run " + stored.run().status();
    }

    /** The results the child wrote, or {@code null} when it wrote none (it did not get as far as its load). */
    public StoredRun results() throws IOException {
        return Files.size(resultsFile) == 0 ? null : ResultsStore.read(resultsFile);
    }
}
