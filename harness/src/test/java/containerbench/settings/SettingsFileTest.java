package containerbench.settings;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A parent's settings reach the run it starts as they were resolved, never printed back as flags and parsed again. */
class SettingsFileTest {

    private static final TargetCatalog CATALOG = TargetCatalog.read(ProjectRoot.find());

    @TempDir
    Path dir;

    @Test
    void whatAParentWritesTheChildReadsAsItWas() throws Exception {
        RunSettings interleaved = RunSettings.from(new Given(Map.of("containers", "tomcat,undertow", "tiers", "5,10",
                "precision", "2", "maxMinutes", "3", "threads", "64", "target.cpus", "0", "injector.cpus", "1", "maxP99Ms", "50",
                "benchmarks.dir", dir.toString()), Given.COMMAND_LINE), CATALOG, 2);
        RunSettings injector = RunSettings.from(Given.maven(Map.of("container", "tomcat", "injectors", "3",
                "tiers", "30", "warmupSeconds", "5", "target.cpuLimit", "0.5", "benchmarks.dir", dir.toString())), CATALOG, 2)
                .loading(URI.create("http://127.0.0.1:18081")).asInjector(2, Instant.parse("2026-12-02T05:00:00Z"));
        Files.writeString(dir.resolve("users.csv"), "user\nann\n");
        Path requests = Files.writeString(dir.resolve("requests.json"), "{\"feeder\": \"users.csv\", \"requests\": ["
                + "{\"name\": \"login\", \"method\": \"POST\", \"path\": \"/shop/login\", \"status\": 302, \"form\": {\"u\": \"#{user}\"}},"
                + "{\"name\": \"order\", \"method\": \"POST\", \"path\": \"/shop/orders\", \"json\": {\"item\": 7}, \"weight\": 2}]}");
        RunSettings userApp = RunSettings.from(Given.maven(Map.of("container", "tomcat", "app.war", Files.writeString(
                dir.resolve("shop.war"), "PK").toString(), "app.contextPath", "/shop", "app.requests", requests.toString(),
                "connections", "shared", "benchmarks.dir", dir.toString())), CATALOG, 2);
        for (RunSettings settings : java.util.List.of(interleaved, injector, userApp)) {
            Path results = Files.createFile(dir.resolve(settings.runName() + ".json"));
            Path file = SettingsFile.write(settings, results, dir.resolve("meeting"));
            assertEquals(dir.resolve("settings").resolve(settings.runName() + ".json"), file, "in the results folder's settings/");
            SettingsFile read = SettingsFile.read(file);
            assertEquals(settings, read.settings());
            assertEquals(results, read.results());
            assertEquals(dir.resolve("meeting"), read.startBarrier());
        }
        assertEquals("--", interleaved.prefix(), "later messages name settings as the user wrote them");
        assertEquals("tomcat-injector2", injector.runName());
        assertEquals(null, injector.cpuLimit(), "the limit stays with the target's launcher");
    }

    @Test
    void anythingButASettingsFileOfThisSchemaIsRefusedSayingWhat() throws Exception {
        Path future = Files.writeString(dir.resolve("future.settings.json"), "{ \"schema\" : 99 }");
        assertEquals(future + " holds settings of schema 99; this version reads schema " + SettingsFile.SCHEMA
                + ": it was written by another version"
                + " of container-bench", assertThrows(SettingException.class, () -> SettingsFile.read(future)).getMessage());
        Path broken = Files.writeString(dir.resolve("broken.settings.json"), "{ \"schema\" : " + SettingsFile.SCHEMA + ", \"settings\" : [ ");
        assertTrue(assertThrows(SettingException.class, () -> SettingsFile.read(broken)).getMessage()
                .startsWith("cannot read the settings file " + broken));
        Path empty = Files.writeString(dir.resolve("empty.settings.json"), "{ \"schema\" : " + SettingsFile.SCHEMA + " }");
        assertTrue(assertThrows(SettingException.class, () -> SettingsFile.read(empty)).getMessage().contains("is not a settings file"));
    }

    @Test
    void aMessageNamesTheSettingAsItsUserWroteIt() {
        assertEquals("bad value --tiers=many: tiers accepts a comma-separated list of user counts, each >= 1, for example"
                + " 100,200,300,500,1000,2000", assertThrows(SettingException.class,
                        () -> TierPlan.from(new Given(Map.of("tiers", "many"), Given.COMMAND_LINE))).getMessage());
        assertEquals("run.maxMinutes caps run.precision, which is not set", assertThrows(SettingException.class,
                () -> Precision.from(new Given(Map.of("maxMinutes", "3"), "run."))).getMessage());
    }
}
