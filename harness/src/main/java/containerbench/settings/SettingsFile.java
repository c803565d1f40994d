package containerbench.settings;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.datatype.jsr310.JavaTimeModule;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * A run's settings as a parent hands them to the run it starts (./bench run, a study's cell, the
 * calibration's Gatling side, the other injectors of {@code -Dinjectors}): parsed and checked once
 * by the parent, written here, and read by the child as they are, never printed back as {@code -D}
 * flags and parsed again. The parent also names the child's results file, a file it claimed, so
 * that it finds the child's results without reading the child's output.
 *
 * @param results the results file the parent claimed (created empty) for the child's run
 * @param startBarrier for one of several injectors started together on one machine, the folder in
 *     which they wait for each other before their load; else {@code null}
 */
public record SettingsFile(int schema, RunSettings settings, Path results, Path startBarrier) {

    /**
     * 2: the application served and its requests ({@link AppSettings}); 3: the users its WAR lets in; 4: where a running
     * target serves its own resources; 5: how the load reuses connections ({@link Connections}); 6: each target's version
     * and WAR ({@link TargetBuild}); 7: the client that sends the load ({@link LoadClient}); 8: each target's configuration
     * name and which copy of it it is, where 7 wrote its label; 9: whether each target is profiled ({@link Profiling});
     * 10: whether the run's own JVM is.
     */
    public static final int SCHEMA = 10;

    /**
     * Where settings files live: a folder of the results folder, {@code settings/<runId>.json}, so
     * that the results folder's own {@code *.json} are runs only, as a glob over them expects.
     */
    public static final String FOLDER = "settings";

    private static final ObjectMapper JSON = new ObjectMapper().registerModule(new JavaTimeModule())
            .enable(SerializationFeature.INDENT_OUTPUT).disable(SerializationFeature.WRITE_DATES_AS_TIMESTAMPS)
            .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);

    /** Writes {@code settings} for the run that will write {@code results}, in its folder's settings/; returns the file. */
    public static Path write(RunSettings settings, Path results, Path startBarrier) {
        Path file = results.resolveSibling(FOLDER).resolve(results.getFileName());
        try {
            Files.createDirectories(file.getParent());
            Files.write(file, JSON.writeValueAsBytes(new SettingsFile(SCHEMA, settings, results.toAbsolutePath(), startBarrier)));
            return file;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + file, e);
        }
    }

    /** Reads a settings file a parent wrote; anything else is refused, saying what it is. */
    public static SettingsFile read(Path file) {
        SettingsFile read;
        try {
            int schema = JSON.readTree(file.toFile()).path("schema").asInt(-1);
            if (schema != SCHEMA) {
                throw new SettingException(file + " holds settings of schema " + schema + "; this version reads schema " + SCHEMA
                        + ": it was written by another version of container-bench");
            }
            read = JSON.readValue(file.toFile(), SettingsFile.class);
        } catch (IOException e) {
            throw new SettingException("cannot read the settings file " + file + ": " + e.getMessage().lines().findFirst().orElse(""));
        }
        if (read.settings() == null || read.results() == null) {
            throw new SettingException(file + " is not a settings file: it names no settings or no results file");
        }
        return read;
    }
}
