package containerbench.harness;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;

/**
 * The results folder, {@code target/benchmarks/} by default. Every run gets a new file whose name
 * no earlier run holds, so a run never overwrites another's results.
 */
public final class ResultsStore {

    private static final DateTimeFormatter STAMP = DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss").withZone(ZoneOffset.UTC);
    // Unknown fields are skipped: a newer run of the same schema still reads.
    private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT)
            .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);

    private final Path directory;

    public ResultsStore(Path directory) {
        this.directory = directory;
    }

    public Path directory() {
        return directory;
    }

    /** Claims a new run id, {@code <container>-<UTC time>[-n]}, by creating its results file. */
    public String reserve(String container, Instant start) {
        try {
            Files.createDirectories(directory);
            String base = container + "-" + STAMP.format(start);
            for (int n = 1; ; n++) {
                String id = n == 1 ? base : base + "-" + n;
                try {
                    Files.createFile(fileOf(id));
                    return id;
                } catch (FileAlreadyExistsException taken) {
                    // an earlier run in the same second: try the next suffix
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create a results file in " + directory, e);
        }
    }

    public Path fileOf(String runId) {
        return directory.resolve(runId + ".json");
    }

    public Path logOf(String runId) {
        return directory.resolve(runId + ".target.log");
    }

    /** Replaces the run's own file in one step, so that a reader never sees half a file. */
    public Path write(RunResult result) {
        Path file = fileOf(result.runId());
        Path partial = directory.resolve(result.runId() + ".json.partial");
        try {
            Files.write(partial, JSON.writeValueAsBytes(result));
            return Files.move(partial, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + file, e);
        }
    }

    public static RunResult read(Path file) throws IOException {
        return JSON.readValue(file.toFile(), RunResult.class);
    }
}
