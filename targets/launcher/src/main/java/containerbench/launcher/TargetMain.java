package containerbench.launcher;

import java.io.IOException;
import java.io.PrintStream;
import java.lang.management.ManagementFactory;
import java.net.BindException;
import java.util.List;
import java.util.Map;
import java.util.ServiceLoader;
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Starts the one container on the classpath, serving the login servlet or the WAR it is given. What it prints on standard
 * output is also what the harness reads ({@link TargetProtocol}): its facts, then a ready line.
 */
public final class TargetMain {

    /** Exit status for a bad command line. */
    public static final int EXIT_USAGE = 2;
    /** Exit status when the address or port cannot be bound. */
    public static final int EXIT_BIND = 3;

    private TargetMain() {
    }

    public static void main(String[] args) {
        Container container = onlyContainer();
        TargetOptions options;
        try {
            options = TargetOptions.parse(args, container.knobs());
        } catch (IllegalArgumentException e) {
            System.err.println("error: " + e.getMessage());
            System.err.println("run with --help to see every option");
            System.exit(EXIT_USAGE);
            return;
        }
        switch (options.action()) {
            case HELP -> printHelp(container, System.out);
            // The build keeps this as target/knobs.txt: the harness checks -D knobs against it.
            case LIST_KNOBS -> container.knobs().forEach(knob -> System.out.println(knob.line()));
            case SERVE -> serve(container, options);
        }
    }

    private static void serve(Container container, TargetOptions options) {
        // Before the container: once its servlet answers, so does the report of what it spends.
        ResourceReport report = null;
        if (options.resourcesPort() != null) {
            try {
                report = ResourceReport.start(options.host(), options.resourcesPort(), options.resourcesScope());
            } catch (IOException e) {
                System.err.println("error: cannot serve this target's resources on " + options.host() + ":" + options.resourcesPort()
                        + ": " + e.getMessage());
                System.exit(EXIT_BIND);
                return;
            }
        }
        // Stops what has started, however the JVM ends: the server once it is up; while it starts, every
        // process the start spawned (a standalone server's JVM), which nothing else would stop.
        AtomicReference<Container.Server> started = new AtomicReference<>();
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            Container.Server up = started.get();
            if (up != null) {
                stop(up);
            } else {
                ProcessHandle.current().descendants().forEach(ProcessHandle::destroyForcibly);
            }
        }, "target-shutdown"));
        // Watched from the first moment, not once ready: a harness killed while a slow server starts
        // (a test JVM, Maven) left it running for good.
        if (options.watchStdin()) {
            Thread watcher = new Thread(TargetMain::exitWhenStdinCloses, "stdin-watch");
            watcher.setDaemon(true);
            watcher.start();
        }
        Container.Server server;
        try {
            server = container.start(options.host(), options.port(), options.knobs(), options.application(), options.transport());
        } catch (Exception e) {
            if (causedByBind(e)) {
                System.err.println("error: cannot listen on " + options.host() + ":" + options.port()
                        + ": the port is already in use or the address is not local (" + rootMessage(e) + ")");
                System.exit(EXIT_BIND);
            }
            System.err.println("error: " + container.name() + " failed to start: " + rootMessage(e));
            // A launcher's own refusals say all there is; anything else keeps its stack trace.
            if (!(e instanceof IllegalStateException || e instanceof IllegalArgumentException)) {
                e.printStackTrace();
            }
            System.exit(1);
            return;
        }
        started.set(server);
        Map<String, String> facts = new TreeMap<>();
        facts.put(TargetProtocol.CONTAINER, container.name());
        facts.put(TargetProtocol.CONTAINER_VERSION, container.version());
        facts.put(TargetProtocol.JAVA_VERSION, System.getProperty("java.version"));
        facts.put("java.vm", System.getProperty("java.vm.name") + " (" + System.getProperty("java.vendor") + ")");
        facts.put(TargetProtocol.JVM_ARGS, String.join(" ", ManagementFactory.getRuntimeMXBean().getInputArguments()));
        facts.put("cpus", Integer.toString(Runtime.getRuntime().availableProcessors()));
        facts.put("host", options.host());
        facts.put(TargetProtocol.INSTALLED, String.join(java.io.File.pathSeparator, container.installed().stream()
                .map(java.nio.file.Path::toString).toList()));
        if (options.application() instanceof Application.War war) {
            facts.put(TargetProtocol.APP_WAR, war.file().toString());
            facts.put(TargetProtocol.APP_CONTEXT_PATH, war.contextPath().isEmpty() ? "/" : war.contextPath());
        }
        if (options.application() instanceof Application.Jar jar) {
            facts.put(TargetProtocol.APP_JAR, jar.file().toString());
        }
        if (report != null) {
            facts.put(TargetProtocol.RESOURCES_PORT, Integer.toString(report.port()));
            facts.put(TargetProtocol.RESOURCES_SCOPE, options.resourcesScope().spelled());
        }
        server.effectiveSettings().forEach((name, value) -> facts.put(TargetProtocol.KNOB + name, value));
        facts.putAll(server.facts());
        facts.forEach((key, value) -> System.out.println(TargetProtocol.factLine(key, value)));
        System.out.println(TargetProtocol.readyLine(server.port()));
        System.out.flush();
    }

    private static void exitWhenStdinCloses() {
        try {
            while (System.in.read() >= 0) {
                // the harness never writes; it only holds the pipe open while it lives
            }
        } catch (IOException e) {
            // a broken pipe means the same: the harness is gone
        }
        System.out.println(TargetProtocol.PREFIX + "standard input closed: stopping");
        System.exit(0);
    }

    private static void stop(Container.Server server) {
        try {
            server.close();
            System.out.println(TargetProtocol.PREFIX + "stopped");
        } catch (Exception e) {
            System.err.println("error while stopping: " + e);
        }
    }

    static void printHelp(Container container, PrintStream out) {
        out.println("Serves the login servlet (or a --war) on " + container.name() + " " + container.version() + ".");
        out.println();
        out.println("usage: java -jar " + container.name() + "-target.jar [--option value | --option=value]...");
        out.println();
        out.println("options:");
        TargetOptions.COMMON.entrySet().stream().sorted(Map.Entry.comparingByKey())
                .forEach(e -> out.printf("  --%-22s %s%n", e.getKey(), e.getValue()));
        out.println();
        out.println("knobs (named as " + container.name() + " names them):");
        for (Knob knob : container.knobs()) {
            String fallback = knob.defaultValue() == null ? container.name() + "'s own default" : knob.defaultValue();
            out.printf("  --%-22s %s; %s (default %s)%s%n", knob.name(), knob.description(), knob.accepts(), fallback,
                    knob.common() == null ? "" : "; the harness also sets it as -D" + knob.common());
        }
    }

    static Container onlyContainer() {
        List<Container> found = ServiceLoader.load(Container.class).stream().map(ServiceLoader.Provider::get).toList();
        if (found.size() != 1) {
            throw new IllegalStateException("expected exactly one container on the classpath, found "
                    + found.stream().map(Container::name).toList());
        }
        return found.get(0);
    }

    private static boolean causedByBind(Throwable e) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof BindException) {
                return true;
            }
        }
        return false;
    }

    private static String rootMessage(Throwable e) {
        Throwable root = e;
        while (root.getCause() != null) {
            root = root.getCause();
        }
        return root.getClass().getSimpleName() + ": " + root.getMessage();
    }
}
