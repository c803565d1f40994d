package containerbench.run;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * The folder Gatling writes this run's report into. Gatling names it after the instant it starts,
 * a moment after the simulation is built, so it cannot be known in advance; other Gatling JVMs
 * (the other injectors) write beside it at the same moment, so the newest folder is a guess. This
 * JVM, though, holds its own run's {@code simulation.log} open while the load lasts: a watcher
 * reads that from the JVM's open files (Linux {@code /proc/self/fd}) once the load has begun.
 */
final class GatlingRunFolder {

    private static final Path OPEN_FILES = Path.of("/proc/self/fd");

    private final Path results;
    private volatile Path folder;

    private GatlingRunFolder(Path results) {
        this.results = results.toAbsolutePath().normalize();
    }

    /**
     * Watches, from now until it is found or {@code seconds} have passed, for the run folder under
     * {@code results} whose simulation.log this JVM has open.
     */
    static GatlingRunFolder watch(Path results, int seconds) {
        GatlingRunFolder watcher = new GatlingRunFolder(results);
        Thread thread = new Thread(() -> watcher.watchFor(seconds * 1000L), "gatling-run-folder");
        thread.setDaemon(true);
        thread.start();
        return watcher;
    }

    private void watchFor(long millis) {
        long deadline = System.currentTimeMillis() + millis;
        while (folder == null && System.currentTimeMillis() < deadline && Files.isDirectory(OPEN_FILES)) {
            folder = openLog().map(Path::getParent).orElse(null);
            try {
                Thread.sleep(100);
            } catch (InterruptedException e) {
                return;
            }
        }
    }

    private Optional<Path> openLog() {
        try (Stream<Path> fds = Files.list(OPEN_FILES)) {
            return fds.map(GatlingRunFolder::target).filter(file -> file != null && file.getFileName() != null
                    && file.getFileName().toString().equals("simulation.log") && inResults(file.getParent())).findFirst();
        } catch (IOException | RuntimeException e) {
            return Optional.empty();
        }
    }

    private boolean inResults(Path folder) {
        try {
            return folder.getParent() != null && Files.isSameFile(results, folder.getParent());
        } catch (IOException e) {
            return false;
        }
    }

    private static Path target(Path fd) {
        try {
            return Files.readSymbolicLink(fd);
        } catch (IOException | UnsupportedOperationException closedMeanwhile) {
            return null;
        }
    }

    /** This run's folder, or {@code null} where it could not be seen (not Linux, or Gatling never began). */
    Path folder() {
        return folder;
    }
}
