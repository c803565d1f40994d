package containerbench.launch;

import containerbench.settings.CpuPlacement;
import containerbench.settings.TargetCatalog;
import containerbench.settings.TargetSettings;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;

/**
 * The target of a run, answering the login: a container this run launched in its own JVM, or a
 * server started by someone else at {@code target.url}. Closing it stops what this run started.
 */
public final class RunningTarget implements AutoCloseable {

    private static final Duration START_TIMEOUT = Duration.ofSeconds(60);
    private static final Duration PROBE_TIMEOUT = Duration.ofSeconds(15);
    // A target started elsewhere should already be up: say so soon when it is not.
    private static final Duration EXTERNAL_PROBE_TIMEOUT = Duration.ofSeconds(5);

    private final TargetProcess process;
    private final URI baseUrl;

    private RunningTarget(TargetProcess process, URI baseUrl) {
        this.process = process;
        this.baseUrl = baseUrl;
    }

    /**
     * Launches the target (unless it runs elsewhere) and returns once its servlet answers a login;
     * fails within seconds, with the end of its log, when it cannot start or does not answer.
     */
    public static RunningTarget start(TargetSettings settings, CpuPlacement placement, TargetCatalog catalog, Path log) {
        if (!settings.launched()) {
            LoginProbe.await(settings.url(), EXTERNAL_PROBE_TIMEOUT, () -> true);
            return new RunningTarget(null, settings.url());
        }
        TargetProcess process = TargetProcess.start(TargetModule.of(catalog, settings.container()), settings,
                placement.targetPrefix(), log, START_TIMEOUT);
        try {
            URI base = process.baseUrl(settings.host());
            LoginProbe.await(base, PROBE_TIMEOUT, process::isAlive);
            return new RunningTarget(process, base);
        } catch (RuntimeException e) {
            process.close();
            throw e;
        }
    }

    public URI baseUrl() {
        return baseUrl;
    }

    /** Whether this run started the target. */
    public boolean launched() {
        return process != null;
    }

    /** The target JVM's process id, or -1 for a target started elsewhere. */
    public long pid() {
        return process == null ? -1 : process.pid();
    }

    /** What the launched target printed about itself (container, versions, knobs); empty for one started elsewhere. */
    public Map<String, String> facts() {
        return process == null ? Map.of() : process.facts();
    }

    /** Runs {@code action} when the launched target exits, for whatever reason. */
    public void onExit(Runnable action) {
        if (process != null) {
            process.onExit(action);
        }
    }

    /** Whether the launched target has exited; a target started elsewhere is not watched. */
    public boolean died() {
        return process != null && !process.isAlive();
    }

    /** Whether the launched target still answers a login, asked after the load; {@code null} for one started elsewhere. */
    public Boolean answersAfterLoad() {
        if (process == null || !process.isAlive()) {
            return null;
        }
        try {
            LoginProbe.await(baseUrl, PROBE_TIMEOUT, process::isAlive);
            return true;
        } catch (IllegalStateException e) {
            System.out.println("container-bench: WARNING after the load " + e.getMessage());
            return false;
        }
    }

    public String logTail() {
        return process == null ? "" : process.logTail();
    }

    @Override
    public void close() {
        if (process != null) {
            process.close();
        }
    }
}
