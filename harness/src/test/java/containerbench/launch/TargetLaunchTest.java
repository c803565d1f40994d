package containerbench.launch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import containerbench.settings.AppSettings;
import containerbench.settings.RunSettings;
import containerbench.settings.SettingException;
import java.net.ServerSocket;
import java.net.URI;
import java.nio.file.Files;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** How the harness starts, checks and stops targets, and how it fails when it cannot. */
class TargetLaunchTest {

    @Test
    void startsATargetThatAnswersAndStopsWhenItsInputCloses() throws Exception {
        TargetProcess target = RunningTargets.start("undertow", Map.of("target.jvmArgs", "-Xmx128m", "workerThreads", "16"));
        try {
            assertEquals("16", target.facts().get("knob.workerThreads"));
            assertEquals("-Xmx128m", target.facts().get("jvm.args"));
            ReadyProbe.await(target.baseUrl("127.0.0.1"), Duration.ofSeconds(10), target::isAlive);
        } finally {
            target.close();
        }
        assertFalse(target.isAlive());
        assertTrue(Files.readString(target.log()).contains("standard input closed: stopping"),
                "stopped by the closed pipe, not by a signal");
    }

    @Test
    void virtualThreadsRunOnAJava21PlusTargetUnderThisMaven() throws Exception {
        java.nio.file.Path java25 = java.nio.file.Path.of("/usr/lib/jvm/temurin-25-jdk-amd64/bin/java");
        org.junit.jupiter.api.Assumptions.assumeTrue(Files.isExecutable(java25), "no Java 25 beside this one");
        for (String container : List.of("tomcat", "jetty")) {
            TargetProcess target = RunningTargets.start(container, Map.of("target.java", java25.toString(),
                    "target.jvmArgs", "-Xmx128m", "virtualThreads", "true"));
            try {
                assertTrue(target.facts().get("java.version").startsWith("25"), target.facts().toString());
                assertTrue(target.facts().getOrDefault("knob.useVirtualThreads", target.facts().get("knob.virtualThreads"))
                        .equals("true"), target.facts().toString());
                ReadyProbe.await(target.baseUrl("127.0.0.1"), Duration.ofSeconds(10), target::isAlive);
            } finally {
                target.close();
            }
        }
    }

    @Test
    void aTargetJvmThatCannotStartFailsFastWithTheEndOfItsLog() {
        long start = System.nanoTime();
        var error = assertThrows(IllegalStateException.class,
                () -> RunningTargets.start("tomcat", Map.of("target.jvmArgs", "-XX:+NoSuchOption")));
        assertTrue(error.getMessage().contains("exited with status 1 before it was ready"), error.getMessage());
        assertTrue(error.getMessage().contains("Unrecognized VM option 'NoSuchOption'"), error.getMessage());
        assertTrue(System.nanoTime() - start < TimeUnit.SECONDS.toNanos(20), "fails within seconds");
    }

    @Test
    void aTargetWhoseClassesAreMissingFailsFastAndSaysWhichClass() throws Exception {
        java.nio.file.Path empty = RunningTargets.folder("no-classes");
        Files.createDirectories(empty.resolve("target"));
        Files.writeString(empty.resolve("target/runtime-classpath.txt"), empty.toString());
        TargetModule broken = TargetModule.of(RunningTargets.CATALOG, "tomcat").withClasspath(empty.resolve("target/classes")
                + java.io.File.pathSeparator + empty);
        var error = assertThrows(IllegalStateException.class, () -> TargetProcess.start(broken,
                RunningTargets.settings("tomcat", Map.of()), AppSettings.LOGIN, List.of(), empty.resolve("target.log"),
                Duration.ofSeconds(60)));
        assertTrue(error.getMessage().contains("exited with status 1"), error.getMessage());
        assertTrue(error.getMessage().contains("Could not find or load main class containerbench.launcher.TargetMain"),
                error.getMessage());
    }

    @Test
    void aBadKnobValueIsRefusedBeforeAnyTargetStarts() {
        // The run's settings refuse it, from the rule in knobs.txt: start() gets no settings, so no JVM starts.
        // The launcher alone still refuses it too (TargetOptionsTest), without starting one here.
        var error = assertThrows(SettingException.class, () -> RunningTargets.start("tomcat", Map.of("maxThreads", "abc")));
        assertEquals("bad value -DmaxThreads=abc: tomcat's maxThreads accepts an integer >= 1", error.getMessage());
    }

    @Test
    void aCpuLimitPutsTheTargetInACgroupWithThatQuotaAndRemovesItAfterwards() throws Exception {
        RunSettings run = RunningTargets.run("tomcat", Map.of("target.jvmArgs", "-Xmx128m", "target.cpuLimit", "0.5",
                "target.cpuPeriodMs", "10"));
        Cgroup probe;
        try {
            probe = Cgroup.create(run.cpuLimit(), "container-bench-test-" + ProcessHandle.current().pid(), "-Dtarget.cpuLimit");
        } catch (SettingException e) {
            // CI runs as root with a cgroup CPU controller (.ci/run) and must not skip this; elsewhere it is said why.
            org.junit.jupiter.api.Assumptions.assumeTrue("true".equals(System.getenv("CI")), e.getMessage());
            throw e;
        }
        probe.close();
        RunningTarget target = RunningTarget.start(run.target(), run, RunningTargets.CATALOG,
                RunningTargets.folder("limited").resolve("tomcat.log"));
        java.nio.file.Path cgroup;
        try {
            String membership = Files.readString(java.nio.file.Path.of("/proc/" + target.pid() + "/cgroup"));
            String name = "container-bench-" + ProcessHandle.current().pid() + "-tomcat";
            assertTrue(membership.contains(name), "the target JVM is in its cgroup: " + membership);
            cgroup = Files.exists(java.nio.file.Path.of("/sys/fs/cgroup", name)) ? java.nio.file.Path.of("/sys/fs/cgroup", name)
                    : java.nio.file.Path.of("/sys/fs/cgroup/cpu", name);
            String quota = Files.exists(cgroup.resolve("cpu.max")) ? Files.readString(cgroup.resolve("cpu.max")).trim()
                    : Files.readString(cgroup.resolve("cpu.cfs_quota_us")).trim() + " " + Files.readString(cgroup.resolve("cpu.cfs_period_us")).trim();
            assertEquals("5000 10000", quota);
            assertTrue(target.cgroup().throttling().containsKey("periods"), target.cgroup().throttling().toString());
        } finally {
            target.close();
        }
        assertFalse(Files.exists(cgroup), "the cgroup is removed with the target");
    }

    @Test
    void targetsStartSideBySideAndOneThatCannotStopsTheOthersWithItsOwnError() throws Exception {
        // Java 17 refuses virtual threads as the target starts, after every check of the settings passed.
        // CI builds with Java 17 (.ci/run) and must not skip this; a developer on a newer Java is told.
        org.junit.jupiter.api.Assumptions.assumeTrue(Runtime.version().feature() < 21 || "true".equals(System.getenv("CI")),
                "the failing target needs a target JVM older than Java 21; this is " + Runtime.version());
        String marker = java.util.UUID.randomUUID().toString();
        RunSettings run = RunSettings.from(containerbench.settings.Given.maven(Map.of("containers",
                "tomcat,tomcat[virtualThreads=true]", "target.jvmArgs", "-Xmx128m -Dcontainerbench.test=" + marker)),
                RunningTargets.CATALOG, 2);
        java.nio.file.Path logs = RunningTargets.folder("targets");
        java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
        var error = assertThrows(IllegalStateException.class, () -> Targets.start(run, RunningTargets.CATALOG,
                target -> logs.resolve(target.label() + ".log"), new java.io.PrintStream(out, true)));
        assertTrue(error.getMessage().contains("--useVirtualThreads needs a Java 21+ target JVM"), error.getMessage());
        assertTrue(out.toString().contains("starting tomcat, log in") && out.toString().contains("starting tomcat[virtualThreads=true], log in"),
                out.toString());
        assertTrue(Files.readString(logs.resolve("tomcat.log")).contains("standard input closed: stopping"),
                "the baseline, which started, was stopped as a run stops it");
        assertFalse(ProcessHandle.allProcesses().anyMatch(p -> p.info().commandLine().map(line -> line.contains(marker)).orElse(false)),
                "no target left running");
    }

    @Test
    void aJavaThatDoesNotExistIsNamedWhenTheTargetStarts() {
        var error = assertThrows(IllegalStateException.class,
                () -> RunningTargets.start("tomcat", Map.of("target.java", "/nonexistent/bin/java")));
        assertTrue(error.getMessage().startsWith("cannot start the tomcat target with /nonexistent/bin/java"), error.getMessage());
        assertTrue(error.getMessage().contains("-Dtarget.java"), error.getMessage());
    }

    @Test
    void aPortInUseIsNamedAndTheTargetExitsWithStatus3() throws Exception {
        try (ServerSocket taken = new ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            for (String container : RunningTargets.containers()) {
                TargetModule module = TargetModule.of(RunningTargets.CATALOG, container);
                Process process = new ProcessBuilder(module.command(List.of(), RunningTargets.settings(container, Map.of()).java(),
                        List.of("-Xmx128m"), List.of("--port", Integer.toString(taken.getLocalPort()))))
                        .redirectErrorStream(true).start();
                String output = new String(process.getInputStream().readAllBytes());
                assertTrue(process.waitFor(30, TimeUnit.SECONDS));
                assertEquals(3, process.exitValue(), container + ": " + output);
                assertTrue(output.contains("error: cannot listen on 127.0.0.1:" + taken.getLocalPort()
                        + ": the port is already in use"), container + ": " + output);
            }
        }
    }

    @Test
    void theProbeSaysWhatAnsweredInsteadOfTheServlet() throws Exception {
        int free;
        try (ServerSocket socket = new ServerSocket(0)) {
            free = socket.getLocalPort();
        }
        var nothing = assertThrows(IllegalStateException.class,
                () -> ReadyProbe.await(URI.create("http://127.0.0.1:" + free), Duration.ofSeconds(1), () -> true));
        assertTrue(nothing.getMessage().contains("did not answer a login: ConnectException"), nothing.getMessage());

        TargetProcess target = RunningTargets.start("tomcat", Map.of("target.jvmArgs", "-Xmx128m"));
        try {
            var notFound = assertThrows(IllegalStateException.class, () -> ReadyProbe.await(
                    URI.create(target.baseUrl("127.0.0.1") + "/elsewhere"), Duration.ofSeconds(5), target::isAlive));
            assertTrue(notFound.getMessage().contains("HTTP 404 (is the login servlet deployed at /loginServlet"),
                    notFound.getMessage());
        } finally {
            target.close();
        }
    }
}
