package containerbench.results;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ResultsStoreTest {

    private static final Instant NOW = Instant.parse("2026-12-02T10:15:30Z");

    @TempDir
    Path dir;

    @Test
    void aTargetRecordsTheKnobsTheRunSetBesideEveryKnobItsLauncherReported() {
        var settings = new containerbench.settings.TargetSettings("tomcat[threads=2048]", 2, "tomcat", null, null, "java", List.of(), "127.0.0.1",
                java.util.Map.of("maxThreads", "2048"), java.util.Map.of("threads", "maxThreads"),
                containerbench.settings.TargetBuild.BUILT, containerbench.settings.Profiling.OFF);
        RunResult.Target target = RunResult.Target.of(settings, java.util.Map.of("knob.maxThreads", "2048", "knob.acceptCount", "512",
                "container.version", "11.0.27"), "http://127.0.0.1:1", "tomcat.log");
        assertEquals(java.util.Map.of("maxThreads", "2048"), target.given(), "what departs from the launcher's defaults");
        assertEquals(java.util.Map.of("maxThreads", "2048", "acceptCount", "512"), target.settings(), "every knob");
        assertEquals("2048", target.common().get("threads"));
        assertEquals("tomcat[threads=2048]#2", target.label(), "the second copy of its configuration");
        assertEquals(2, target.copy());
        assertEquals("tomcat[threads=2048]", target.configuration());
    }

    @Test
    void aTargetOfAnOlderSchemaIsTheCopyItsLabelSays() throws Exception {
        Path file = Files.writeString(dir.resolve("aa.json"), """
                { "schema" : 16, "runId" : "tomcat-tomcat-20261206-101530", "status" : "complete",
                  "targets" : [ { "label" : "tomcat" }, { "label" : "tomcat#2" }, { "label" : "tomcat[maxThreads=4]" } ] }
                """);
        List<RunResult.Target> targets = ResultsStore.read(file).run().targets();
        assertEquals(List.of(1, 2, 1), targets.stream().map(RunResult.Target::copy).toList());
        assertEquals(List.of("tomcat", "tomcat", "tomcat[maxThreads=4]"), targets.stream().map(RunResult.Target::configuration).toList());
    }

    @Test
    void aRunNeverTakesTheNameOfAnother() {
        ResultsStore store = new ResultsStore(dir);
        assertEquals("tomcat-20261202-101530", store.claim("tomcat", NOW));
        assertEquals("tomcat-20261202-101530-2", store.claim("tomcat", NOW));
        Path first = ResultsStore.newDirectory(dir, "study", NOW);
        assertNotEquals(first, ResultsStore.newDirectory(dir, "study", NOW));
    }

    @Test
    void pathsAreStoredRelativeToTheFileAndReadBackWhereverTheFolderWent() throws IOException {
        ResultsStore store = new ResultsStore(dir.resolve("results"));
        String runId = store.claim("jetty", NOW);
        Path report = dir.resolve("results/gatling/loginsimulation-1/index.html");
        RunResult run = RunResult.builder().runId(runId).description("jetty").startedAt(NOW.toString())
                .targets(List.of(new RunResult.Target("jetty", "jetty", "12.1",
                        new RunResult.Target.Started(true, "https://127.0.0.1:1", store.relative(store.logOf(runId))),
                        new RunResult.Target.Jvm("17", ""), new RunResult.Target.Knobs(java.util.Map.of(), java.util.Map.of(), null),
                        null, null).withTls(new RunResult.Tls("h2", "h2",
                        true, "TLSv1.3", "TLS_AES_256_GCM_SHA384", "RSA 2048", java.util.Map.of("maxConcurrentStreams", 128L,
                        "connectionWindow", 1_048_576L)))))
                .status(RunStatus.COMPLETE).finishedAt(NOW.toString()).gatlingReport(store.relative(report))
                .answeredAfterRun(true).build();
        store.write(run);
        String json = Files.readString(store.fileOf(runId));
        assertTrue(json.contains("\"gatlingReport\" : \"gatling/loginsimulation-1/index.html\""), json);
        assertTrue(json.contains("\"log\" : \"" + runId + ".target.log\""), json);
        assertTrue(json.contains("\"status\" : \"complete\""), json);

        Path moved = Files.move(dir.resolve("results"), dir.resolve("elsewhere"));
        StoredRun read = ResultsStore.read(moved.resolve(runId + ".json"));
        assertEquals(moved.resolve("gatling/loginsimulation-1/index.html"), read.gatlingReport());
        assertEquals(moved.resolve(runId + ".target.log"), read.resolve(read.run().baseline().log()));
        assertEquals(new RunResult.Tls("h2", "h2", true, "TLSv1.3", "TLS_AES_256_GCM_SHA384", "RSA 2048", java.util.Map.of(
                "maxConcurrentStreams", 128L, "connectionWindow", 1_048_576L)), read.run().baseline().tls(),
                "what the handshake agreed, read back");
        assertFalse(json.contains("\"baseline\"") || json.contains("\"interleaved\""), "only the record's own fields: " + json);
    }

    @Test
    void aSchema1FileWithAbsolutePathsStillReads() throws IOException {
        Path file = Files.writeString(dir.resolve("tomcat-20261201-101530.json"), """
                { "schema" : 1, "runId" : "tomcat-20261201-101530", "status" : "complete", "container" : "tomcat",
                  "containerVersion" : "11.0.27", "gatlingReport" : "/ci/target/gatling/loginsimulation-1/index.html",
                  "target" : { "launched" : true, "settings" : { "maxThreads" : "512" }, "log" : "/ci/t.target.log" },
                  "warmup" : { "name" : "warm-up", "users" : 100, "requests" : 7 },
                  "tiers" : [ { "name" : "100 users", "users" : 100, "requests" : 10, "ok" : 10, "tps" : 5.0 } ] }
                """);
        StoredRun read = ResultsStore.read(file);
        assertEquals(RunStatus.COMPLETE, read.run().status());
        assertEquals(Path.of("/ci/target/gatling/loginsimulation-1/index.html"), read.gatlingReport());
        assertEquals(100, read.run().tiers().get(0).users());
        assertEquals("tomcat", read.run().tiers().get(0).target(), "a one-target run's tiers belong to its container");
        assertEquals("tomcat", read.run().baseline().label());
        assertEquals("11.0.27", read.run().baseline().containerVersion());
        assertEquals("512", read.run().baseline().settings().get("maxThreads"));
        assertEquals(7, read.run().warmups().get(0).requests());
        assertFalse(read.run().interleaved());
    }

    @Test
    void aSchema10BlocksFlatCpuFiguresAreGatheredWithUnknownAsNullAndItsFlagKept() throws IOException {
        StringBuilder blocks = new StringBuilder();
        for (int round = 0; round < 2; round++) {
            for (String target : List.of("tomcat", "undertow")) {
                blocks.append(blocks.isEmpty() ? "" : ", ").append(String.format("""
                        { "tier" : "100 users", "users" : 100, "round" : %d, "target" : "%s", "requests" : 100, "ok" : 100, "ko" : 0,
                          "tps" : %d, "targetCpuMicrosPerResponse" : %s, "injectorCpuPercent" : 112.5, "machineBusyPercent" : 99.0,
                          "machineStealPercent" : -1, "waitingCpuPercent" : 1.5, "injectorLimited" : true }""", round, target,
                        target.equals("tomcat") ? 1000 : 900, round == 0 && target.equals("undertow") ? "-1" : "20.0"));
            }
        }
        Path file = Files.writeString(dir.resolve("tomcat-undertow-20261204-101530.json"), """
                { "schema" : 10, "runId" : "tomcat-undertow-20261204-101530", "status" : "complete",
                  "targets" : [ { "label" : "tomcat" }, { "label" : "undertow" } ], "comparisons" : [ ], "blocks" : [ %s ] }
                """.formatted(blocks));
        RunResult run = ResultsStore.read(file).run();
        assertEquals(new containerbench.measure.BlockCpu(20.0, null, 112.5, null, 99.0, null, 1.5), run.blocks().get(0).cpu(),
                "-1 was unknown: null; no wait charged, no thread read before schema 11");
        assertEquals(null, run.blocks().get(1).cpu().targetMicrosPerResponse());
        assertTrue(run.blocks().get(0).injectorLimited(), "the flag as recorded, by the rule of its day");
        TierComparison.Comparison c = run.comparisons().get(0).comparison().get(0);
        assertEquals(1, c.cpuDropped(), "the round whose CPU was unknown");
        assertTrue(c.injectorLimited());
    }

    @Test
    void aSchemaOfTheFutureIsRefusedNamingIt() throws IOException {
        Path file = Files.writeString(dir.resolve("future.json"), "{ \"schema\" : 99, \"runId\" : \"x\" }");
        var error = assertThrows(IOException.class, () -> ResultsStore.read(file));
        assertEquals("results schema 99, this version reads schemas 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22", error.getMessage());
    }

    @Test
    void aRunWritesOnlyAnEmptyFileItsParentClaimedForIt() throws IOException {
        ResultsStore store = new ResultsStore(dir);
        String runId = store.claim("undertow", NOW);
        assertEquals(runId, store.adopt(store.fileOf(runId)), "the claimed file names the run");
        store.write(RunResult.builder().runId(runId).container("undertow").status(RunStatus.FAILED).failure("no answer").build());
        var written = assertThrows(containerbench.settings.SettingException.class, () -> store.adopt(store.fileOf(runId)));
        assertTrue(written.getMessage().contains("never over another run's results"), written.getMessage());
        Path elsewhere = Files.createDirectories(dir.resolve("other")).resolve("x.json");
        Files.createFile(elsewhere);
        assertThrows(containerbench.settings.SettingException.class, () -> store.adopt(elsewhere), "only in its own folder");
        Path settings = Files.writeString(Files.createDirectories(dir.resolve(containerbench.settings.SettingsFile.FOLDER))
                .resolve(runId + ".json"), "{ \"schema\" : 1, \"settings\" : { }, \"results\" : \"x.json\" }");
        assertEquals(List.of(store.fileOf(runId)), ResultsStore.runFiles(dir), "settings files are in a folder of their own");
        assertEquals("no runId: not the results of a run", assertThrows(IOException.class, () -> ResultsStore.read(settings))
                .getMessage(), "named as a file, a settings file is still no run");
        assertEquals("no answer", ResultsStore.read(store.fileOf(runId)).run().failure());
    }
}
