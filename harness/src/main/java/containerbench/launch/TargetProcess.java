package containerbench.launch;

import containerbench.launcher.TargetProtocol;
import containerbench.settings.AppSettings;
import containerbench.settings.TargetSettings;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * A target container in its own JVM: started, awaited until its port is bound, and stopped
 * whatever happens to the benchmark. Its output goes to a log file next to the run's results.
 */
public final class TargetProcess implements AutoCloseable {

    private static final int LOG_TAIL_LINES = 40;

    private final Process process;
    private final Path log;
    private final Map<String, String> facts;
    private final int port;
    // Whether it serves TLS (h1-tls, h2): its URL is https.
    private final boolean tls;
    private final Thread killer;

    private TargetProcess(Process process, Path log, Map<String, String> facts, int port, boolean tls, Thread killer) {
        this.process = process;
        this.log = log;
        this.facts = facts;
        this.port = port;
        this.tls = tls;
        this.killer = killer;
    }

    /**
     * Starts the target, its command run under {@code prefix} (taskset for CPU pinning, or nothing),
     * and returns once it announces its port, or fails with the end of its log when it exits or
     * stays silent for {@code timeout}.
     */
    public static TargetProcess start(TargetModule module, TargetSettings settings, AppSettings app, List<String> prefix,
            Path log, Duration timeout) {
        return start(module, settings, app, prefix, log, timeout, 0);
    }

    /** The same, on port {@code asked}: 0 for one the target chooses, a number for the port of its last launch. */
    public static TargetProcess start(TargetModule module, TargetSettings settings, AppSettings app, List<String> prefix,
            Path log, Duration timeout, int asked) {
        List<String> args = new ArrayList<>(List.of("--host", settings.host(), "--port", Integer.toString(asked), "--watch-stdin"));
        if (app.userWar()) {
            Path war = settings.build().war() == null ? app.war() : settings.build().war();
            args.addAll(List.of(TargetProtocol.WAR_OPTION, war.toString(), TargetProtocol.CONTEXT_PATH_OPTION,
                    app.contextPath().isEmpty() ? "/" : app.contextPath()));
            if (app.users() != null) {
                args.addAll(List.of(TargetProtocol.USERS_OPTION, app.users().toString()));
            }
        }
        if (app.userJar()) {
            Path jar = settings.build().jar() == null ? app.jar().file() : settings.build().jar();
            args.addAll(List.of(TargetProtocol.JAR_OPTION, jar.toString(), TargetProtocol.JAR_ARGS_OPTION, app.jar().args(),
                    TargetProtocol.START_TIMEOUT_OPTION, Integer.toString(app.jar().startTimeoutSeconds())));
        }
        settings.knobs().forEach((name, value) -> args.addAll(List.of("--" + name, value)));
        if (settings.tls()) {
            args.addAll(List.of("--tls-keystore", RunKeyStore.in(log.toAbsolutePath().getParent()).toString(), "--tls-password",
                    RunKeyStore.PASSWORD));
        }
        List<String> command = module.command(prefix, settings.java(), settings.jvmArgs(), args);
        Process process;
        try {
            Files.createDirectories(log.getParent());
            process = new ProcessBuilder(command).redirectErrorStream(true).start();
        } catch (IOException e) {
            throw new IllegalStateException("cannot start the " + module.name() + " target with " + settings.java()
                    + ": " + e.getMessage() + " (set -Dtarget.java to a java executable)", e);
        }
        // Ends the target if this JVM ends first, by Ctrl-C or a crash: no target outlives its run,
        // nor a standalone server its launcher. TERM first, so that a launcher stops its server and
        // deletes the server's files; KILL for whatever is left.
        Map<String, String> facts = new TreeMap<>();
        Thread killer = new Thread(() -> {
            process.destroy();
            waitQuietly(process, Duration.ofSeconds(15));
            process.destroyForcibly();
            synchronized (facts) {
                killServerGroup(facts.get(TargetProtocol.SERVER_GROUP));
            }
        }, "target-killer");
        Runtime.getRuntime().addShutdownHook(killer);
        CompletableFuture<Integer> ready = new CompletableFuture<>();
        CompletableFuture<Void> logged = new CompletableFuture<>();
        Thread pump = new Thread(() -> pump(process, log, facts, ready, logged), "target-log");
        pump.setDaemon(true);
        pump.start();
        process.onExit().thenRun(() -> ready.completeExceptionally(
                new IllegalStateException("exited with status " + process.exitValue() + " before it was ready")));
        try {
            int port = ready.get(timeout.toMillis(), TimeUnit.MILLISECONDS);
            synchronized (facts) {
                return new TargetProcess(process, log, Map.copyOf(facts), port, settings.tls(), killer);
            }
        } catch (ExecutionException | TimeoutException e) {
            String why = e instanceof TimeoutException ? "did not announce a port within " + (timeout.toMillis() % 1000 == 0
                    ? timeout.toSeconds() + " s" : timeout.toMillis() + " ms")
                    : e.getCause().getMessage();
            // TERM first: a launcher stops the standalone server it started; then whatever is left.
            // Signalled through its handle: Process.destroy() also closes its output, and the log
            // pump would lose the last words it has not read yet (the reason the target failed).
            process.toHandle().destroy();
            if (!waitQuietly(process, Duration.ofSeconds(30))) {
                process.toHandle().destroyForcibly();
                waitQuietly(process, Duration.ofSeconds(10));
            }
            synchronized (facts) {
                killServerGroup(facts.get(TargetProtocol.SERVER_GROUP));
            }
            // Its last words are what the user needs: wait until the log holds all of them.
            logged.completeOnTimeout(null, 10, TimeUnit.SECONDS).join();
            throw new IllegalStateException("the " + module.name() + " target " + why + ". Command: "
                    + String.join(" ", command.stream().map(arg -> arg.length() > 120 ? arg.substring(0, 117) + "..." : arg).toList())
                    + "\nLast lines of its log " + log + ":\n" + tail(log));
        } catch (InterruptedException e) {
            process.destroyForcibly();
            synchronized (facts) {
                killServerGroup(facts.get(TargetProtocol.SERVER_GROUP));
            }
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while starting the target", e);
        }
    }

    private static void pump(Process process, Path log, Map<String, String> facts, CompletableFuture<Integer> ready,
            CompletableFuture<Void> logged) {
        try (BufferedReader in = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8));
                Writer out = Files.newBufferedWriter(log, StandardCharsets.UTF_8)) {
            for (String line = in.readLine(); line != null; line = in.readLine()) {
                out.write(line);
                out.write('\n');
                out.flush();
                int port = TargetProtocol.readyPort(line);
                if (port >= 0) {
                    ready.complete(port);
                } else {
                    synchronized (facts) {
                        TargetProtocol.readFact(line, facts);
                    }
                }
            }
        } catch (IOException | RuntimeException e) {
            ready.completeExceptionally(e);
        } finally {
            logged.complete(null);
        }
    }

    /** The base URL of the target: the servlet is at {@code baseUrl + "/loginServlet"}. */
    public URI baseUrl(String host) {
        return URI.create((tls ? "https://" : "http://") + (host.contains(":") ? "[" + host + "]" : host) + ":" + port);
    }

    /** What the target printed about itself: container, versions, JVM options and effective knobs. */
    public Map<String, String> facts() {
        return facts;
    }

    /** Runs {@code action} when the target JVM exits, for whatever reason. */
    public void onExit(Runnable action) {
        process.onExit().thenRun(action);
    }

    public long pid() {
        return process.pid();
    }

    public boolean isAlive() {
        return process.isAlive();
    }

    public Path log() {
        return log;
    }

    /** The last lines of the target's log, for an error message. */
    public String logTail() {
        return tail(log);
    }

    /** Stops the target: first by closing its standard input (it stops itself), then by signals. */
    @Override
    public void close() {
        try {
            process.getOutputStream().close();
        } catch (IOException e) {
            // already closed: the signals below still apply
        }
        if (!waitQuietly(process, Duration.ofSeconds(30))) {
            process.destroy();
            if (!waitQuietly(process, Duration.ofSeconds(5))) {
                process.destroyForcibly();
                waitQuietly(process, Duration.ofSeconds(5));
            }
        }
        killServerGroup(facts.get(TargetProtocol.SERVER_GROUP));
        try {
            Runtime.getRuntime().removeShutdownHook(killer);
        } catch (IllegalStateException e) {
            // the JVM is already shutting down, and the hook is running or has run
        }
    }

    /**
     * Kills what is left of a standalone server's process group (a script and its JVM), if anything
     * is, and waits up to 10 s until nothing of it runs.
     */
    private static void killServerGroup(String group) {
        if (group == null || !groupAlive(group)) {
            return;
        }
        try {
            new ProcessBuilder("kill", "-KILL", "--", "-" + group).inheritIO().start().waitFor(10, TimeUnit.SECONDS);
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
            while (groupAlive(group) && System.nanoTime() < deadline) {
                Thread.sleep(50);
            }
        } catch (IOException e) {
            // nothing to kill it with: the pid is reported in the log
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static boolean groupAlive(String group) {
        return ProcessHandle.allProcesses().anyMatch(p -> groupOf(p.pid()).equals(group));
    }

    /** The process group of a process (Linux /proc), or "" when it cannot be read. */
    private static String groupOf(long pid) {
        try {
            String stat = Files.readString(Path.of("/proc/" + pid + "/stat"));
            return stat.substring(stat.lastIndexOf(')') + 2).split(" ")[2];
        } catch (IOException | RuntimeException e) {
            return "";
        }
    }

    private static boolean waitQuietly(Process process, Duration duration) {
        try {
            return process.waitFor(duration.toMillis(), TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return !process.isAlive();
        }
    }


    /** The last lines of a log file, for an error message. */
    public static String tail(Path log) {
        try {
            List<String> lines = Files.readAllLines(log, StandardCharsets.UTF_8);
            return String.join("\n", lines.subList(Math.max(0, lines.size() - LOG_TAIL_LINES), lines.size()));
        } catch (IOException | UncheckedIOException e) {
            return "(no log: " + e.getMessage() + ")";
        }
    }
}
