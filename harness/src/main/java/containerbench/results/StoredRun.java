package containerbench.results;

import java.nio.file.Path;

/** A run as read from its results file, which is where the paths inside it start from. */
public record StoredRun(RunResult run, Path file) {

    /** A path the results hold: relative to the file (schema 2), or absolute (schema 1); {@code null} stays null. */
    public Path resolve(String stored) {
        return stored == null ? null : file.toAbsolutePath().getParent().resolve(stored).normalize();
    }

    public Path gatlingReport() {
        return resolve(run.gatlingReport());
    }
}
