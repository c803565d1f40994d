package containerbench.launch;

import containerbench.settings.CpuPlacement;
import containerbench.settings.CpuQuota;
import containerbench.settings.TargetCatalog;
import containerbench.settings.TargetSettings;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
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
    private final CpuLimit limit;
    private final URI baseUrl;

    private RunningTarget(TargetProcess process, CpuLimit limit, URI baseUrl) {
        this.process = process;
        this.limit = limit;
        this.baseUrl = baseUrl;
    }

    /**
     * Launches the target (unless it runs elsewhere), under a CPU quota when one is asked for, and
     * returns once its servlet answers a login; fails within seconds, with the end of its log, when
     * it cannot start or does not answer.
     *
     * @param quota the CPU limit of the target, or {@code null} for none
     */
    public static RunningTarget start(TargetSettings settings, CpuPlacement placement, CpuQuota quota, TargetCatalog catalog,
            Path log) {
        if (!settings.launched()) {
            LoginProbe.await(settings.url(), EXTERNAL_PROBE_TIMEOUT, () -> true);
            return new RunningTarget(null, null, settings.url());
        }
        CpuLimit limit = quota == null ? null
                : CpuLimit.create(quota, "container-bench-" + ProcessHandle.current().pid() + "-" + settings.label().replace('#', '-'));
        List<String> prefix = new ArrayList<>(placement.targetPrefix());
        if (limit != null) {
            prefix.addAll(limit.prefix());
        }
        TargetProcess process = null;
        try {
            process = TargetProcess.start(TargetModule.of(catalog, settings.container()), settings, prefix, log, START_TIMEOUT);
            URI base = process.baseUrl(settings.host());
            LoginProbe.await(base, PROBE_TIMEOUT, process::isAlive);
            return new RunningTarget(process, limit, base);
        } catch (RuntimeException e) {
            if (process != null) {
                process.close();
            }
            if (limit != null) {
                limit.close();
            }
            throw e;
        }
    }

    /** The CPU limit the target runs under, or {@code null} for none. */
    public CpuLimit limit() {
        return limit;
    }

    public URI baseUrl() {
        return baseUrl;
    }

    /** Whether this run started the target. */
    public boolean launched() {
        return process != null;
    }

    /** The target JVM's process id: a standalone server's own, not its launcher's; -1 for a target started elsewhere. */
    public long pid() {
        if (process == null) {
            return -1;
        }
        String server = process.facts().get("server.pid");
        return server == null ? process.pid() : Long.parseLong(server);
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
        if (limit != null) {
            limit.close();
        }
    }
}
