package containerbench.launcher;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.net.BindException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * A standalone server (a Tomcat or WildFly distribution) started as an administrator starts it,
 * through its own script, in a process group of its own, so that stopping it stops the script and
 * every JVM it started. Its output goes to this launcher's, which the harness logs.
 */
public final class ServerProcess implements AutoCloseable {

    private static final Duration START_TIMEOUT = Duration.ofSeconds(120);

    /**
     * Every server this launcher's JVM started, and whether that JVM is stopping: the one shutdown
     * hook stops each. The JVM's own state, not a run's: a launcher serves one target.
     */
    private static final List<ServerProcess> STARTED = new ArrayList<>();
    private static final AtomicBoolean STOPPING = new AtomicBoolean();

    static {
        Runtime.getRuntime().addShutdownHook(new Thread(ServerProcess::stopAll, "server-stop"));
    }

    private static void stopAll() {
        List<ServerProcess> servers;
        synchronized (STARTED) {
            STOPPING.set(true);
            servers = List.copyOf(STARTED);
        }
        servers.forEach(ServerProcess::close);
    }
    private static final int TAIL = 30;
    private static final int ERRORS = 5;

    private final Process process;
    private final Path directory;
    private final Deque<String> tail = new ArrayDeque<>();
    private final Readiness readiness;
    // The first line of the server's output that says it is ready, or that its application failed.
    private volatile String readyLine;
    private volatile String failedLine;
    private final List<String> errors = new ArrayList<>();

    private ServerProcess(Process process, Path directory, Readiness readiness) {
        this.process = process;
        this.directory = directory;
        this.readiness = readiness;
    }

    /** What tells that a started server serves its application. */
    public sealed interface Readiness permits Readiness.Login, Readiness.Logged, Readiness.Listening {

        /**
         * The login servlet answers a login at {@code http://host:port/loginServlet}, or at
         * {@code https://} when the server speaks TLS ({@link TrustAll}: the run's own certificate).
         */
        record Login(String host, int port, boolean tls) implements Readiness {

            public Login(String host, int port, Transport transport) {
                this(host, port, transport.tls());
            }
        }

        /**
         * A user's WAR, whose URLs the launcher does not know: the server's own log says when its
         * start (deployments included) is over, or that a deployment failed.
         *
         * @param ready a text of the line the server logs once started
         * @param failed texts of lines it logs when an application fails to deploy or start
         * @param errors the texts that mark the server's error lines (its log levels), the first of
         *     which say why, long before the end of the output
         */
        record Logged(String ready, List<String> failed, List<String> errors) implements Readiness {
        }

        /**
         * An executable jar, whose URLs and log the launcher does not know: it accepts a connection on the
         * port it was told within {@code timeout} (the harness then checks its answers).
         */
        record Listening(String host, int port, Duration timeout) implements Readiness {
        }
    }

    /**
     * Makes the command the leader of a process group of its own, in this launcher's session. Not
     * {@code setsid}: a new session is a new autogroup for Linux's scheduler, which then shares
     * the CPU between the server and everything else as between two groups, where an embedded
     * container, in the harness's session, competes thread by thread; the two would be measured
     * unlike (the standalone Tomcat got 47-80% of a core where embedded Tomcat got 67-96%).
     */
    private static final List<String> OWN_GROUP = List.of("perl", "-e",
            "setpgrp(0, 0) or die \"setpgrp: $!\\n\"; exec { $ARGV[0] } @ARGV or die \"cannot run $ARGV[0]: $!\\n\"");

    /**
     * Starts {@code command} in {@code directory} with {@code environment} added, in a new process
     * group ({@link #OWN_GROUP}), and returns once it is ready ({@link Readiness}); fails with the end
     * of the server's output when it exits first, its application fails, or it stays silent too long.
     * The directory is the server's own copy of its configuration, deleted when it stops, or when it
     * cannot be started.
     */
    public static ServerProcess start(List<String> command, Path directory, Map<String, String> environment,
            Readiness readiness) throws Exception {
        List<String> inGroup = new ArrayList<>(OWN_GROUP);
        inGroup.addAll(command);
        ProcessBuilder builder = new ProcessBuilder(inGroup).directory(directory.toFile()).redirectErrorStream(true);
        builder.environment().putAll(environment);
        ServerProcess server;
        // Started and recorded under the lock the shutdown hook takes: a launcher told to stop while
        // it starts its server either stops it, or never starts it. (A hook added after the start
        // left a window in which a TERM orphaned the server: seen once in ServerLaunchTest.)
        synchronized (STARTED) {
            if (STOPPING.get()) {
                ServerFiles.deleteTree(directory);
                throw new IllegalStateException("the launcher is stopping: the server was not started");
            }
            try {
                server = new ServerProcess(builder.start(), directory, readiness);
            } catch (IOException e) {
                ServerFiles.deleteTree(directory);
                throw e;
            }
            STARTED.add(server);
        }
        // Announced at once, not with the other facts once it answers: if this launcher is killed
        // while the server starts, the harness still knows what to stop.
        System.out.println(TargetProtocol.factLine(TargetProtocol.SERVER_GROUP, Long.toString(server.group())));
        System.out.flush();
        // Not a daemon: while the server writes, this launcher lives, as an embedded container's
        // threads keep its launcher alive.
        Thread pump = new Thread(server::pump, "server-output");
        pump.start();
        try {
            if (readiness instanceof Readiness.Login login) {
                server.awaitLogin(login);
            } else if (readiness instanceof Readiness.Listening listening) {
                server.awaitListening(listening);
            } else {
                server.awaitLog((Readiness.Logged) readiness);
            }
            return server;
        } catch (Exception e) {
            server.close();
            throw e;
        }
    }

    /** Copies the server's output to this launcher's, keeping the last lines for an error message. */
    private void pump() {
        PrintStream out = System.out;
        try (BufferedReader in = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
            for (String line = in.readLine(); line != null; line = in.readLine()) {
                out.println(line);
                watch(line);
                synchronized (tail) {
                    tail.addLast(line);
                    if (tail.size() > TAIL) {
                        tail.removeFirst();
                    }
                }
            }
        } catch (IOException e) {
            // the server is gone: its exit is reported where it matters
        }
    }

    private void watch(String line) {
        if (readiness instanceof Readiness.Logged logged) {
            synchronized (errors) {
                if (errors.size() < ERRORS && logged.errors().stream().anyMatch(line::contains)) {
                    errors.add(line.strip());
                }
            }
            if (failedLine == null && logged.failed().stream().anyMatch(line::contains)) {
                failedLine = line;
            }
            if (readyLine == null && line.contains(logged.ready())) {
                readyLine = line;
            }
        }
    }

    private void awaitLog(Readiness.Logged logged) throws Exception {
        long deadline = System.nanoTime() + START_TIMEOUT.toNanos();
        while (System.nanoTime() < deadline) {
            if (failedLine != null) {
                synchronized (errors) {
                    throw new IllegalStateException("the application failed to deploy: " + failedLine.strip()
                            + "\nthe server's first errors:\n" + String.join("\n", errors));
                }
            }
            if (readyLine != null) {
                return;
            }
            if (!process.isAlive()) {
                throw new IllegalStateException("the server exited with status " + process.exitValue()
                        + " before it started; the end of its output:\n" + tail());
            }
            Thread.sleep(100);
        }
        throw new IllegalStateException("the server did not log '" + logged.ready() + "' within " + START_TIMEOUT.toSeconds()
                + " s; the end of its output:\n" + tail());
    }

    private void awaitListening(Readiness.Listening listening) throws Exception {
        long deadline = System.nanoTime() + listening.timeout().toNanos();
        java.net.InetSocketAddress address = new java.net.InetSocketAddress(listening.host(), listening.port());
        while (System.nanoTime() < deadline) {
            if (!process.isAlive()) {
                throw new IllegalStateException("the jar exited with status " + process.exitValue() + " before it listened on "
                        + listening.host() + ":" + listening.port() + "; the end of its output:\n" + tail());
            }
            try (java.net.Socket socket = new java.net.Socket()) {
                socket.connect(address, 1000);
                return;
            } catch (IOException e) {
                Thread.sleep(50);
            }
        }
        throw new IllegalStateException("the jar did not listen on " + listening.host() + ":" + listening.port() + " within "
                + listening.timeout().toSeconds() + " s (was it told its port? --jar-args); the end of its output:\n" + tail());
    }

    private void awaitLogin(Readiness.Login readiness) throws Exception {
        HttpClient client = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).sslContext(TrustAll.context()).build();
        String host = readiness.host();
        URI login = URI.create((readiness.tls() ? "https://" : "http://") + (host.contains(":") ? "[" + host + "]" : host) + ":"
                + readiness.port() + "/loginServlet?username=probe&password=probe");
        long deadline = System.nanoTime() + START_TIMEOUT.toNanos();
        String last = "no answer";
        while (System.nanoTime() < deadline) {
            if (!process.isAlive()) {
                throw new IllegalStateException("the server exited with status " + process.exitValue()
                        + " before it answered; the end of its output:\n" + tail());
            }
            try {
                HttpResponse<String> answer = client.send(HttpRequest.newBuilder(login).timeout(Duration.ofSeconds(5)).build(),
                        HttpResponse.BodyHandlers.ofString());
                if (answer.statusCode() == 200 && answer.body().contains("username: probe")) {
                    return;
                }
                last = "HTTP " + answer.statusCode();
            } catch (IOException e) {
                last = e.getClass().getSimpleName();
            }
            Thread.sleep(250);
        }
        throw new IllegalStateException("the server did not answer a login at " + login + " within "
                + START_TIMEOUT.toSeconds() + " s (last: " + last + "); the end of its output:\n" + tail());
    }

    private String tail() {
        synchronized (tail) {
            return String.join("\n", tail);
        }
    }

    /**
     * The server's JVM: the innermost java of the process started and its descendants. That is the
     * process itself when its script became the JVM ({@code exec}), the java a script started, and
     * the server's JVM where a java tool starts it (Payara's asadmin start-domain --verbose).
     */
    public long jvmPid() {
        ProcessHandle self = process.toHandle();
        List<ProcessHandle> javas = new ArrayList<>(self.descendants().filter(ServerProcess::isJava).toList());
        if (isJava(self)) {
            javas.add(0, self);
        }
        return javas.stream().filter(java -> java.descendants().noneMatch(ServerProcess::isJava)).findFirst()
                .map(ProcessHandle::pid).orElse(self.pid());
    }

    /**
     * The started server as its launcher reports it: its port, every knob as it holds them, and
     * the facts every server reports (its JVM, for the harness to sample, and what it is) with any
     * of its own. Closing it stops the server.
     */
    public Container.Server serving(int port, Map<String, String> effectiveSettings, String description,
            Map<String, String> moreFacts) {
        Map<String, String> facts = new TreeMap<>(moreFacts);
        facts.put(TargetProtocol.SERVER_PID, Long.toString(jvmPid()));
        facts.put("server", description);
        return new Container.Server() {
            @Override
            public int port() {
                return port;
            }

            @Override
            public Map<String, String> effectiveSettings() {
                return effectiveSettings;
            }

            @Override
            public Map<String, String> facts() {
                return facts;
            }

            @Override
            public void close() {
                ServerProcess.this.close();
            }
        };
    }

    /** The server's process group: the harness ends it if this launcher was killed before it could. */
    public long group() {
        return process.pid();
    }

    private static boolean isJava(ProcessHandle process) {
        return process.info().command().map(command -> command.endsWith("/java")).orElse(false);
    }

    /**
     * Stops the process group: TERM, so that the server shuts down as it does for an administrator;
     * KILL for whatever of it is still running 20 s later. Returns once the script and the JVM it
     * started are both gone (WildFly's script dies at once, its JVM takes a moment), then deletes
     * the server's directory.
     */
    @Override
    public synchronized void close() {
        if (!process.isAlive() && process.toHandle().descendants().findAny().isEmpty()) {
            deleteDirectory();
            return;
        }
        List<ProcessHandle> all = new ArrayList<>(process.toHandle().descendants().toList());
        all.add(process.toHandle());
        signal("TERM");
        if (!awaitExit(all, 20)) {
            signal("KILL");
            all.forEach(ProcessHandle::destroyForcibly);
            awaitExit(all, 10);
        }
        deleteDirectory();
    }

    /** Whether every one of the processes exited within that many seconds. */
    private static boolean awaitExit(List<ProcessHandle> processes, int seconds) {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
        try {
            for (ProcessHandle process : processes) {
                long left = deadline - System.nanoTime();
                if (left <= 0) {
                    return processes.stream().noneMatch(ProcessHandle::isAlive);
                }
                process.onExit().get(left, TimeUnit.NANOSECONDS);
            }
            return true;
        } catch (java.util.concurrent.TimeoutException | java.util.concurrent.ExecutionException e) {
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    private void deleteDirectory() {
        ServerFiles.deleteQuietly(directory);
    }

    /** Sends a signal to every process of the group, whose id is the server's (it was made the leader). */
    private void signal(String name) {
        try {
            new ProcessBuilder("kill", "-" + name, "--", "-" + process.pid()).inheritIO().start().waitFor(10, TimeUnit.SECONDS);
        } catch (IOException e) {
            process.destroyForcibly();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /**
     * A port for a server that must be told its port before it starts: with {@code asked} 0 one
     * reserved for this launcher ({@link PortReservations}); a port asked for by number must be free
     * now, or it is a {@link BindException}.
     */
    public static int freePort(String host, int asked) throws IOException {
        if (asked == 0) {
            return PortReservations.reserve(host);
        }
        try (ServerSocket socket = new ServerSocket(asked, 1, InetAddress.getByName(host))) {
            return socket.getLocalPort();
        } catch (BindException e) {
            throw new BindException("port " + asked + " on " + host + " is in use: " + e.getMessage());
        }
    }
}
