package containerbench.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import containerbench.launcher.TargetProtocol;
import containerbench.results.RunResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * Two containers compared as on machines of their own: tomcat and undertow started by hand on hosts 0
 * and 1, each with its resource report, two injectors of their own on hosts 2 and 3 ({@code
 * -Dinjector.index}, one schedule from the instant written into {@code -Dstart.at=file:} once both said
 * they were ready, as {@code ./bench kubernetes run} does), and their results merged with
 * {@code ./bench merge}. Every process it started is stopped, whatever happens.
 */
final class ByHand {

    static final List<String> CONTAINERS = List.of("tomcat", "undertow");

    private ByHand() {
    }

    /** The merged run; each injector's log and results, and the merge's, under {@code work}. */
    static RunResult compare(Path work, String marker, Hosts hosts) throws Exception {
        List<Process> targets = new ArrayList<>();
        List<Process> injectors = new ArrayList<>();
        try {
            List<String> urls = new ArrayList<>();
            List<String> reports = new ArrayList<>();
            for (int t = 0; t < CONTAINERS.size(); t++) {
                String container = CONTAINERS.get(t);
                List<String> command = new ArrayList<>(hosts.prefix(t));
                command.addAll(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-Xmx256m",
                        "-XX:TieredStopAtLevel=1", "-Dcontainerbench.test=" + marker, "-jar",
                        Runs.ROOT.resolve("targets/" + container + "/target/" + container + "-target.jar").toString(),
                        "--host", hosts.address(t), "--port", "0", "--resources-port", "0", "--watch-stdin"));
                Process target = new ProcessBuilder(command).redirectErrorStream(true).start();
                targets.add(target);
                Map<String, String> facts = new HashMap<>();
                urls.add("http://" + hosts.address(t) + ":" + TargetProtocol.awaitReady(target.getInputStream(), facts));
                reports.add("http://" + hosts.address(t) + ":" + facts.get(TargetProtocol.RESOURCES_PORT));
            }
            Path startFile = work.resolve("START_AT");
            List<Path> logs = new ArrayList<>();
            for (int index = 0; index < 2; index++) {
                Path log = work.resolve("injector-" + index + ".log");
                logs.add(log);
                injectors.add(Runs.startGatling(log, work.resolve("injector-" + index), List.of("-Dcontainers=" + String.join(",",
                        CONTAINERS), "-Dtarget.url=" + String.join(",", urls), "-Dtarget.resources=" + String.join(",", reports),
                        "-Dinjectors=2", "-Dinjector.index=" + index, "-Dstart.at=file:" + startFile, "-Dtiers=10", "-Drounds=2",
                        // 4 s blocks: the merge lets their first requests lie 400 ms apart, room for a machine busy with other tests.
                        "-DblockSeconds=4", "-DwarmupSeconds=2", "-Dcontainerbench.test=" + marker), hosts.prefix(CONTAINERS.size() + index)));
            }
            // The start barrier of `./bench kubernetes run`: the instant, a little ahead, once every injector says it is ready.
            long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(3);
            while (!logs.stream().allMatch(log -> Runs.tail(log).contains("ready; waiting for the start instant in " + startFile))) {
                assertTrue(System.nanoTime() < deadline && injectors.stream().allMatch(Process::isAlive),
                        () -> "both injectors ready: " + Runs.tail(logs.get(0)) + Runs.tail(logs.get(1)));
                Thread.sleep(200);
            }
            Files.writeString(startFile, Instant.now().plusSeconds(2).toString());
            for (int index = 0; index < 2; index++) {
                Path log = logs.get(index);
                assertEquals(0, Runs.exitWithin(injectors.get(index), "injector " + index), () -> Runs.tail(log));
            }
            Path merged = work.resolve("merged");
            Path mergeLog = work.resolve("merge.log");
            assertEquals(0, Runs.bench(mergeLog, "merge", "--out", merged.toString(),
                    Runs.onlyRunFile(work.resolve("injector-0")).toString(), Runs.onlyRunFile(work.resolve("injector-1")).toString()),
                    () -> Runs.tail(mergeLog));
            RunResult run = Runs.onlyRun(merged).run();
            assertTrue(Files.readString(merged.resolve("index.html")).contains(run.runId()), "the page shows the merged run");
            return run;
        } finally {
            injectors.forEach(Process::destroy);
            targets.forEach(Process::destroy);
            for (Process process : targets) {
                assertTrue(process.waitFor(30, TimeUnit.SECONDS), "the target stopped");
            }
        }
    }
}
