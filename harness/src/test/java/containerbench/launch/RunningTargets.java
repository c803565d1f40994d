package containerbench.launch;

import containerbench.settings.Given;
import containerbench.settings.ProjectRoot;
import containerbench.settings.RunSettings;
import containerbench.settings.TargetCatalog;
import containerbench.settings.TargetSettings;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;

/**
 * Starts each container once, side by side and on the run's own path ({@link RunningTarget}: the
 * launch, the probe, the TLS handshake checked), for the tests that talk to real targets.
 */
final class RunningTargets implements AutoCloseable {

    static final TargetCatalog CATALOG = TargetCatalog.read(ProjectRoot.find());

    /**
     * The target JVM's options where a test checks behaviour, not speed: a small heap, C1 alone, with
     * which a server starts a quarter sooner (WildFly 8.4 s, 6.3 s), and the serial collector, which
     * spends less CPU on a start (Payara 10.7 CPU-seconds instead of 13.0, WildFly 6.3 instead of 7.6).
     */
    static final String JVM = "-Xmx256m -XX:TieredStopAtLevel=1 -XX:+UseSerialGC";

    private final Map<String, RunningTarget> targets = new LinkedHashMap<>();

    /** Every container that serves the login servlet: all but the jar target, which runs a user's jar (ExecutableJarTargetTest). */
    static List<String> containers() {
        return CATALOG.loginContainers();
    }

    static TargetSettings settings(String container, Map<String, String> properties) {
        return run(container, properties).target();
    }

    /** A run of {@code container} with these properties, as a user would give them to Maven. */
    static RunSettings run(String container, Map<String, String> properties) {
        Map<String, String> all = new LinkedHashMap<>(properties);
        all.put("container", container);
        return RunSettings.from(Given.maven(all), CATALOG, 2);
    }

    /**
     * A new folder for a test's logs and files, under the module's build folder: kept there for a
     * failure to be read after the run, and gone with {@code mvn clean} rather than piling up in /tmp.
     */
    static Path folder(String prefix) throws IOException {
        Path logs = Files.createDirectories(Path.of("target", "test-logs").toAbsolutePath());
        return Files.createTempDirectory(logs, prefix + "-");
    }

    static TargetProcess start(String container, Map<String, String> properties) throws Exception {
        Path log = folder("target-test").resolve(container + ".log");
        return TargetProcess.start(TargetModule.of(CATALOG, container), settings(container, properties),
                run(container, properties).app(), List.of(), log,
                Duration.ofSeconds(120));
    }

    /**
     * Timeouts of 2 s instead of 30, so that a stalled client is cut off within a test's time: the
     * container's idle timeout (the cross-container knob) and, where it has one, its timeout for a
     * request to arrive whole.
     */
    static Map<String, String> shortTimeouts(String container) {
        Map<String, String> timeouts = new LinkedHashMap<>();
        CATALOG.knobsOf(container).stream()
                .filter(knob -> "idleTimeout".equals(knob.common()) || knob.name().equals("requestParseTimeout")
                        || knob.name().endsWith(".REQUEST_PARSE_TIMEOUT"))
                .forEach(knob -> timeouts.put(knob.name(), "2000"));
        return timeouts;
    }

    /**
     * Starts these containers side by side, with the default knobs but short timeouts, as a run
     * starts its targets: eight one after the other took 52 s of a test JVM, mostly waiting. If one
     * cannot start, the others are stopped once their starts end, and its error is thrown.
     */
    void startAll(List<String> containers) throws Exception {
        startAll(containers, Map.of());
    }

    /** The same, each with these properties too (such as {@code http}). */
    void startAll(List<String> containers, Map<String, String> more) throws Exception {
        startAll(containers, more, Map.of());
    }

    /** The same, some containers with properties of their own besides ({@code tls}, {@code target.java}). */
    void startAll(List<String> containers, Map<String, String> more, Map<String, Map<String, String>> own) throws Exception {
        // One batch of starts at a time on the machine: the two test JVMs each starting eight servers at
        // once took Payara past 60 s to start; a batch waits for the other test JVM's to end.
        synchronized (RunningTargets.class) {
            Path lock = Files.createDirectories(Path.of("target", "test-logs")).resolve("starting.lock");
            try (FileChannel channel = FileChannel.open(lock, StandardOpenOption.CREATE, StandardOpenOption.WRITE);
                    FileLock held = channel.lock()) {
                startSideBySide(containers, more, own);
            }
        }
    }

    private void startSideBySide(List<String> containers, Map<String, String> more, Map<String, Map<String, String>> own)
            throws Exception {
        Map<String, CompletableFuture<RunningTarget>> starts = new LinkedHashMap<>();
        // One folder for the batch's logs: its targets over TLS share the run's key store there, made once by
        // keytool (1.6 CPU-seconds) rather than once a target.
        Path logs = folder("target-test");
        for (String container : containers) {
            Map<String, String> properties = new LinkedHashMap<>(shortTimeouts(container));
            properties.put("target.jvmArgs", JVM);
            properties.putAll(more);
            properties.putAll(own.getOrDefault(container, Map.of()));
            CompletableFuture<RunningTarget> start = new CompletableFuture<>();
            new Thread(() -> {
                try {
                    RunSettings run = run(container, properties);
                    start.complete(RunningTarget.start(run.target(), run, CATALOG, logs.resolve(container + ".log")));
                } catch (Exception | Error e) {
                    start.completeExceptionally(e);
                }
            }, "start-" + container).start();
            starts.put(container, start);
        }
        Exception failed = null;
        for (Map.Entry<String, CompletableFuture<RunningTarget>> start : starts.entrySet()) {
            try {
                targets.put(start.getKey(), start.getValue().join());
            } catch (CompletionException e) {
                if (failed == null) {
                    failed = e.getCause() instanceof Exception cause ? cause : e;
                }
            }
        }
        if (failed != null) {
            close();
            throw failed;
        }
    }

    /** The container's port; startAll started it. */
    int port(String container) {
        return target(container).baseUrl().getPort();
    }

    /** The container as startAll started it. */
    RunningTarget target(String container) {
        RunningTarget target = targets.get(container);
        if (target == null) {
            throw new IllegalStateException(container + " was not started: startAll starts the containers a test talks to");
        }
        return target;
    }

    @Override
    public void close() {
        targets.values().forEach(RunningTarget::close);
    }
}
