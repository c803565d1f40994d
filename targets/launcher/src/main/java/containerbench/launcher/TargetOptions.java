package containerbench.launcher;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The target's command line: {@code --name value} or {@code --name=value}, for the common options
 * and for every knob of the container.
 *
 * @param resourcesPort where the target serves its own CPU and memory ({@link ResourceReport}), 0 for any free
 *     port; {@code null} for nowhere
 * @param resourcesScope what those figures cover: the process tree, or the cgroup in a container
 * @param transport what clients speak ({@link Transport#KNOB} among the knobs) and the key store for TLS
 */
public record TargetOptions(String host, int port, Map<String, String> knobs, Application application, Action action,
        boolean watchStdin, Integer resourcesPort, ResourceReport.Scope resourcesScope, Transport transport) {

    /** What the target is asked to do. */
    public enum Action { SERVE, HELP, LIST_KNOBS }

    /** Loopback unless told otherwise: a benchmark target should not be reachable by accident. */
    public static final String DEFAULT_HOST = "127.0.0.1";

    public static final int DEFAULT_PORT = 8080;

    /** Options that are not knobs, with the text {@code --help} shows for them. */
    static final Map<String, String> COMMON = Map.ofEntries(
            Map.entry("host", "address to bind (default " + DEFAULT_HOST + ")"),
            Map.entry("port", "port to listen on, 0 for any free port (default " + DEFAULT_PORT + ")"),
            Map.entry("war", "a web application archive to deploy instead of the login servlet"),
            Map.entry("context-path", "where the --war is deployed: / (ROOT, the default) or a path such as /shop"),
            Map.entry("users", "a file of name: password, role, ... lines: whom the --war's security constraints let in (default none)"),
            Map.entry("jar", "an executable jar of yours to run as java -jar, with this JVM's options, instead of the login servlet"
                    + " (the jar target)"),
            Map.entry("jar-args", "the --jar's arguments, {host} and {port} standing for where it must listen (default "
                    + Application.BOOT_ARGS + ")"),
            Map.entry("start-timeout", "seconds the --jar may take to listen (default " + Application.START_TIMEOUT_SECONDS + ")"),
            Map.entry("watch-stdin", "stop when standard input closes (used by the harness, so that a target never outlives it)"),
            Map.entry("resources-port", "serve this target's own CPU time and memory on this port (0 for any free one), apart from the"
                    + " measured one, for a harness that did not start it (-Dtarget.resources); default none"),
            Map.entry("resources-scope", "what --resources-port reports: tree (this JVM and the processes under it, the default) or"
                    + " cgroup (everything in this container's cgroup, as a pod's limit counts it)"),
            Map.entry("tls-keystore", "the PKCS12 key store of the key and certificate to serve TLS with (--http h1-tls or h2)"),
            Map.entry("tls-password", "the password of --tls-keystore and of its key"),
            Map.entry("list-knobs", "print every knob, one a line: name, common name, default, rule (integer MIN.., integer MIN..MAX or choice A,B),"
                    + " description (tab-separated), and exit"),
            Map.entry("help", "print this help and exit"));

    /** Parses the arguments; an unknown option or a bad value is an {@link IllegalArgumentException} naming it. */
    public static TargetOptions parse(String[] args, List<Knob> knobs) {
        Map<String, Knob> byName = new LinkedHashMap<>();
        knobs.forEach(knob -> byName.put(knob.name(), knob));
        Map<String, String> values = new LinkedHashMap<>();
        knobs.stream().filter(k -> k.defaultValue() != null).forEach(k -> values.put(k.name(), k.defaultValue()));
        String host = DEFAULT_HOST;
        int port = DEFAULT_PORT;
        Action action = Action.SERVE;
        boolean watchStdin = false;
        String war = null;
        String contextPath = null;
        String users = null;
        String jar = null;
        String jarArgs = null;
        Integer startTimeout = null;
        Integer resourcesPort = null;
        ResourceReport.Scope scope = ResourceReport.Scope.TREE;
        String keyStore = null;
        String keyStorePassword = null;
        for (int i = 0; i < args.length; i++) {
            String arg = args[i];
            if (!arg.startsWith("--") || arg.length() == 2) {
                throw new IllegalArgumentException("unexpected argument '" + arg + "'; options start with --");
            }
            int equals = arg.indexOf('=');
            String name = arg.substring(2, equals < 0 ? arg.length() : equals);
            switch (name) {
                case "help" -> action = Action.HELP;
                case "list-knobs" -> action = Action.LIST_KNOBS;
                case "watch-stdin" -> watchStdin = true;
                default -> {
                    String value;
                    if (equals >= 0) {
                        value = arg.substring(equals + 1);
                    } else if (i + 1 < args.length) {
                        value = args[++i];
                    } else {
                        throw new IllegalArgumentException("option --" + name + " needs a value");
                    }
                    if (name.equals("host")) {
                        host = checkHost(value);
                    } else if (name.equals("port")) {
                        port = checkPort(value, "--port");
                    } else if (name.equals("war")) {
                        war = value;
                    } else if (name.equals("context-path")) {
                        contextPath = value;
                    } else if (name.equals("users")) {
                        users = value;
                    } else if (name.equals("jar")) {
                        jar = value;
                    } else if (name.equals("jar-args")) {
                        jarArgs = value;
                    } else if (name.equals("start-timeout")) {
                        startTimeout = checkSeconds(value);
                    } else if (name.equals("resources-port")) {
                        resourcesPort = checkPort(value, "--resources-port");
                    } else if (name.equals("resources-scope")) {
                        scope = checkScope(value);
                    } else if (name.equals("tls-keystore")) {
                        keyStore = value;
                    } else if (name.equals("tls-password")) {
                        keyStorePassword = value;
                    } else if (byName.containsKey(name)) {
                        values.put(name, byName.get(name).check(value));
                    } else {
                        throw new IllegalArgumentException("unknown option --" + name + "; this target accepts --"
                                + String.join(", --", COMMON.keySet().stream().sorted().toList()) + " and the knobs --"
                                + String.join(", --", byName.keySet()));
                    }
                }
            }
        }
        return new TargetOptions(host, port, Map.copyOf(values), Application.of(war, contextPath, users, jar, jarArgs, startTimeout), action, watchStdin,
                resourcesPort, scope, transport(values.getOrDefault(Transport.KNOB, "h1"), keyStore, keyStorePassword));
    }

    private static Transport transport(String http, String keyStore, String password) {
        if ((keyStore == null) != (password == null)) {
            throw new IllegalArgumentException("--tls-keystore and --tls-password go together");
        }
        if (http.equals("h1")) {
            if (keyStore != null) {
                throw new IllegalArgumentException("--tls-keystore is for --" + Transport.KNOB + " h1-tls or h2; this target"
                        + " speaks cleartext h1");
            }
            return Transport.CLEARTEXT;
        }
        return new Transport(http, keyStore == null ? null : Path.of(keyStore), password);
    }

    private static String checkHost(String value) {
        if (value.isBlank()) {
            throw new IllegalArgumentException("bad value for --host: it must be an address or a host name");
        }
        return value;
    }

    private static ResourceReport.Scope checkScope(String value) {
        for (ResourceReport.Scope scope : ResourceReport.Scope.values()) {
            if (scope.spelled().equals(value)) {
                return scope;
            }
        }
        throw new IllegalArgumentException("bad value for --resources-scope: '" + value + "'; it accepts tree or cgroup");
    }

    private static int checkSeconds(String value) {
        try {
            int seconds = Integer.parseInt(value);
            if (seconds >= 1) {
                return seconds;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw new IllegalArgumentException("bad value for --start-timeout: '" + value + "'; it accepts a whole number of seconds >= 1");
    }

    private static int checkPort(String value, String option) {
        try {
            int port = Integer.parseInt(value);
            if (port >= 0 && port <= 65535) {
                return port;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw new IllegalArgumentException("bad value for " + option + ": '" + value + "'; it accepts 0 (any free port) to 65535");
    }
}
