package containerbench.results;

import containerbench.measure.Environment;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.Locale;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import org.apache.commons.statistics.distribution.BetaDistribution;

/**
 * An A/A calibration as stored ({@code calibrations/aa-TIME/calibration.json} under the results
 * folder): which container ran against itself, on what kind of machine, its runs and what they said
 * of the method ({@link AaTally}). A verdict's page names the latest one of its kind of machine.
 *
 * @param cpu the machine's CPU model, as the runs' results name it; with {@code logicalCpus}, its kind
 * @param runs the runs' results files, relative to the calibration's folder
 * @param failed the runs that did not complete, and why
 */
public record AaCalibration(int schema, String container, String startedAt, String finishedAt, String cpu, int logicalCpus,
        String design, List<String> runs, List<String> failed, AaTally tally) {

    public static final String FILE = "calibration.json";

    /** The folder calibrations go in, under a results folder. */
    public static Path folder(Path benchmarksDir) {
        return benchmarksDir.resolve("calibrations");
    }

    /** Whether a run ran on this calibration's kind of machine: the same CPU model and as many logical CPUs. */
    public boolean sameKind(Environment environment) {
        return environment != null && cpu.equals(environment.cpu()) && logicalCpus == environment.logicalCpus();
    }

    /**
     * What a page says of it: "2026-12-05, tomcat against itself, 5 run(s) (3 launch(es) of ...): 58
     * of 60 95% intervals held 1 (96.7%, 95% promised), 0 of 5 runs said a difference on an adjusted
     * interval (95% CI 0-52%; at most 5% promised)". The runs' share comes with its exact
     * (Clopper-Pearson) interval: five runs cannot tell 5% from 20%. The intervals' share has none:
     * one run's intervals are not independent of each other.
     */
    public String sentence() {
        int runs = tally.runs();
        int said = tally.runsWithFalseVerdict();
        double low = said == 0 ? 0 : BetaDistribution.of(said, runs - said + 1).inverseCumulativeProbability(0.025);
        double high = said == runs ? 1 : BetaDistribution.of(said + 1, runs - said).inverseCumulativeProbability(0.975);
        return String.format(Locale.ROOT, "%s, %s against itself, %d run(s) (%s): %d of %d 95%% intervals held 1 (%.1f%%, 95%%"
                + " promised), %d of %d runs said a difference on an adjusted interval (95%% CI %.0f-%.0f%%; at most 5%% promised)",
                finishedAt.substring(0, 10), container, runs, design, tally.held(), tally.intervals(), tally.heldPercent(), said, runs,
                100 * low, 100 * high);
    }

    /** How a calibration's runs were laid out: "3 launch(es) of 4 rounds of 2 s blocks, 6 tier(s)". */
    public static String design(int launches, int rounds, int blockSeconds, int tiers) {
        return launches + " launch(es) of " + rounds + " rounds of " + blockSeconds + " s blocks, " + tiers + " tier(s)";
    }

    /**
     * The latest calibration of the kind of machine the run ran on, in the {@code calibrations}
     * folder of any of {@code folders} (a page's folder, the run's results folder) or of the results
     * folder they are inside (a study's or a calibration's own folder lies under one).
     */
    public static Optional<AaCalibration> latest(List<Path> folders, Environment environment) {
        return folders.stream().filter(java.util.Objects::nonNull).flatMap(AaCalibration::resultsFolders).distinct()
                .flatMap(AaCalibration::inFolder).filter(c -> c.sameKind(environment))
                .max(Comparator.comparing(AaCalibration::finishedAt));
    }

    // A folder, and the results folder above it where it lies in that one's calibrations/ or studies/.
    private static Stream<Path> resultsFolders(Path folder) {
        Path dir = folder.toAbsolutePath().normalize();
        for (Path up = dir; up != null && up.getParent() != null; up = up.getParent()) {
            String name = up.getParent().getFileName() == null ? "" : up.getParent().getFileName().toString();
            if (name.equals("calibrations") || name.equals("studies")) {
                return Stream.of(dir, up.getParent().getParent());
            }
        }
        return Stream.of(dir);
    }

    private static Stream<AaCalibration> inFolder(Path benchmarksDir) {
        Path folder = folder(benchmarksDir);
        if (!Files.isDirectory(folder)) {
            return Stream.empty();
        }
        try (Stream<Path> dirs = Files.list(folder)) {
            return dirs.map(dir -> dir.resolve(FILE)).filter(Files::isRegularFile).map(AaCalibration::read).flatMap(Optional::stream)
                    .toList().stream();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot list " + folder + ": " + e.getMessage(), e);
        }
    }

    // A calibration file that cannot be read is one the page cannot cite: it is passed over, not fatal to the page.
    private static Optional<AaCalibration> read(Path file) {
        try {
            return Optional.of(ResultsStore.readJson(file, AaCalibration.class));
        } catch (IOException e) {
            return Optional.empty();
        }
    }
}
