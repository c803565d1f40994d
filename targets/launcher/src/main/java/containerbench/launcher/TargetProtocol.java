package containerbench.launcher;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.TreeMap;

/**
 * What a target tells the harness on its standard output: one line {@code [container-bench]
 * key=value} per fact (what it is, its JVM, every knob as {@code knob.NAME}), then {@code
 * [container-bench] ready port=N} once its port is bound. Written by {@link TargetMain} and the
 * server launchers, read by the harness: both sides use this class, so neither re-types a key.
 */
public final class TargetProtocol {

    public static final String PREFIX = "[container-bench] ";
    /** The launch options that place a WAR: {@code --war FILE --context-path /x}. */
    public static final String WAR_OPTION = "--war";
    public static final String CONTEXT_PATH_OPTION = "--context-path";
    /** The file of users the WAR's security constraints let in: {@code --users FILE}. */
    public static final String USERS_OPTION = "--users";
    /**
     * An executable jar of the user's, run as {@code java -jar FILE ARGS}, its arguments one string with
     * {@code {host}} and {@code {port}} in it: {@code --jar FILE --jar-args "--server.port={port}"}.
     */
    public static final String JAR_OPTION = "--jar";
    public static final String JAR_ARGS_OPTION = "--jar-args";
    /** How long a target may take to listen before its launcher gives up on it: {@code --start-timeout SECONDS}. */
    public static final String START_TIMEOUT_OPTION = "--start-timeout";
    private static final String READY = PREFIX + "ready port=";

    public static final String CONTAINER = "container";
    public static final String CONTAINER_VERSION = "container.version";
    public static final String JAVA_VERSION = "java.version";
    public static final String JVM_ARGS = "jvm.args";
    /** Every knob, as {@code knob.NAME}: what the container holds after start, or what it was given where it cannot be read back. */
    public static final String KNOB = "knob.";
    /** The WAR deployed instead of the login servlet, and its context path ({@code /} for ROOT). */
    public static final String APP_WAR = "app.war";
    public static final String APP_CONTEXT_PATH = "app.contextPath";
    /** The executable jar run instead of the login servlet. */
    public static final String APP_JAR = "app.jar";
    /** A standalone server's own JVM, the process to sample, rather than its launcher's. */
    public static final String SERVER_PID = "server.pid";
    /** A standalone server's process group, stopped by its launcher, or by the harness when the launcher cannot. */
    public static final String SERVER_GROUP = "server.group";
    /** What the container is on disk ({@link Container#installed}), paths separated as on a class path: the harness sizes them. */
    public static final String INSTALLED = "installed";
    /** The port the target serves its own CPU and memory on ({@link ResourceReport}), when asked to. */
    public static final String RESOURCES_PORT = "resources.port";
    /** What that report covers: {@code tree} or {@code cgroup}. */
    public static final String RESOURCES_SCOPE = "resources.scope";

    private TargetProtocol() {
    }

    public static String factLine(String key, String value) {
        return PREFIX + key + "=" + value;
    }

    public static String readyLine(int port) {
        return READY + port;
    }

    /** The port a ready line announces, or -1 for any other line. */
    public static int readyPort(String line) {
        return line.startsWith(READY) ? Integer.parseInt(line.substring(READY.length()).trim()) : -1;
    }

    /** Adds the fact a line states to {@code facts}; any other line adds nothing. */
    public static void readFact(String line, Map<String, String> facts) {
        int equals = line.indexOf('=');
        if (line.startsWith(PREFIX) && equals > PREFIX.length() && readyPort(line) < 0) {
            facts.put(line.substring(PREFIX.length(), equals), line.substring(equals + 1));
        }
    }

    /**
     * Reads a target's output up to its ready line, the facts before it into {@code facts}, and the
     * rest on a thread of its own, so that the target never blocks on a full pipe: the port it
     * announced, or -1 when the output ended first. For whoever starts a target by hand and waits.
     */
    public static int awaitReady(InputStream output, Map<String, String> facts) throws IOException {
        BufferedReader lines = new BufferedReader(new InputStreamReader(output, StandardCharsets.UTF_8));
        String line;
        while ((line = lines.readLine()) != null) {
            int port = readyPort(line);
            if (port >= 0) {
                Thread drain = new Thread(() -> {
                    try {
                        lines.lines().forEach(rest -> { });
                    } catch (UncheckedIOException closed) {
                        // Whoever started the target closed its output (stopping it): the rest is nobody's.
                    }
                }, "target-output");
                drain.setDaemon(true);
                drain.start();
                return port;
            }
            readFact(line, facts);
        }
        return -1;
    }

    /** The knobs among the facts, by their own names ({@code knob.maxThreads=512} as {@code maxThreads=512}). */
    public static Map<String, String> knobs(Map<String, String> facts) {
        Map<String, String> knobs = new TreeMap<>();
        facts.forEach((key, value) -> {
            if (key.startsWith(KNOB)) {
                knobs.put(key.substring(KNOB.length()), value);
            }
        });
        return knobs;
    }
}
