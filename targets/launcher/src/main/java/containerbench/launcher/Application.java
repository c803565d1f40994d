package containerbench.launcher;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * What a container serves: the project's login servlet (the studies' application), a WAR of the
 * user's at a context path of the user's, or an executable jar of the user's that is its own server.
 */
public sealed interface Application permits Application.Login, Application.War, Application.Jar {

    /** The login servlet at {@code /loginServlet}, registered by the launcher itself. */
    record Login() implements Application {
    }

    /**
     * A web application archive deployed as the container deploys any WAR.
     *
     * @param contextPath {@code ""} for ROOT, else {@code /name} (or {@code /a/b})
     * @param users whom its security constraints let in ({@code --users}); empty for none, and still
     *     a store of no users: every container then refuses a protected request alike, with 401,
     *     where one without any store would fail the deployment (Jetty) or not protect it (Liberty)
     */
    record War(Path file, String contextPath, List<Users.User> users) implements Application {

        public War {
            users = List.copyOf(users);
            if (!Files.isRegularFile(file)) {
                throw new IllegalArgumentException("bad value for --war: " + file + " is not a file");
            }
            if (!contextPath.isEmpty() && (!contextPath.startsWith("/") || contextPath.endsWith("/") || contextPath.contains("//"))) {
                throw new IllegalArgumentException("bad value for --context-path: '" + contextPath
                        + "'; it accepts / (ROOT) or a path such as /shop or /a/b, without a trailing /");
            }
        }

        /**
         * For a server whose deployer takes the context path from the file name, which names one
         * segment: a deeper path is refused, saying what the WAR itself would need instead.
         */
        public void requireOneSegment(String server, String instead) {
            if (contextPath.lastIndexOf('/') > 0) {
                throw new IllegalArgumentException(server + " takes a WAR's context path from its file name, one segment: "
                        + contextPath + " needs " + instead + "; give --context-path / or /name");
            }
        }

        /** The archive's name in a server's deployment folder: ROOT.war, shop.war, a#b.war (Tomcat's nesting). */
        public String deployedName() {
            return (contextPath.isEmpty() ? "ROOT" : contextPath.substring(1).replace('/', '#')) + ".war";
        }
    }

    /**
     * An executable jar that serves HTTP itself (a Spring Boot service, any framework's fat jar), run as
     * {@code java -jar file args} with the target JVM's options.
     *
     * @param args its arguments, {@code {host}} and {@code {port}} standing for where it must listen
     * @param startTimeout how long it may take to listen on that port
     */
    record Jar(Path file, String args, java.time.Duration startTimeout) implements Application {

        public Jar {
            if (!Files.isRegularFile(file)) {
                throw new IllegalArgumentException("bad value for --jar: " + file + " is not a file");
            }
            if (!args.contains("{port}")) {
                throw new IllegalArgumentException("bad value for --jar-args: '" + args + "'; it must tell the jar its port with"
                        + " {port}, as in --server.port={port}");
            }
        }

        /** Its arguments for this address and port, split on spaces. */
        public List<String> arguments(String host, int port) {
            return java.util.Arrays.stream(args.trim().split("\\s+")).filter(arg -> !arg.isEmpty())
                    .map(arg -> arg.replace("{host}", host).replace("{port}", Integer.toString(port))).toList();
        }
    }

    /** Spring Boot's own options for where to listen; the default of {@code --jar-args}. */
    String BOOT_ARGS = "--server.port={port} --server.address={host}";

    /** How long a jar may take to listen when not told otherwise, as long as the harness waits for a target. */
    int START_TIMEOUT_SECONDS = 120;

    /**
     * The servlet at /loginServlet, unless {@code war} names an archive (a context path of / is ROOT) or
     * {@code jar} an executable jar.
     */
    static Application of(String war, String contextPath, String users, String jar, String jarArgs, Integer startTimeout) {
        if (jar == null && (jarArgs != null || startTimeout != null)) {
            throw new IllegalArgumentException((jarArgs != null ? "--jar-args are given to" : "--start-timeout waits for")
                    + " an executable jar: give --jar too");
        }
        if (jar != null) {
            if (war != null || contextPath != null || users != null) {
                throw new IllegalArgumentException("--jar runs an executable jar, which is its own server: --"
                        + (war != null ? "war" : contextPath != null ? "context-path" : "users") + " is for a WAR");
            }
            return new Jar(Path.of(jar).toAbsolutePath(), jarArgs == null ? BOOT_ARGS : jarArgs,
                    java.time.Duration.ofSeconds(startTimeout == null ? START_TIMEOUT_SECONDS : startTimeout));
        }
        if (war == null) {
            if (contextPath != null || users != null) {
                throw new IllegalArgumentException((contextPath != null ? "--context-path places" : "--users are let in by")
                        + " a WAR: give --war too");
            }
            return new Login();
        }
        String path = contextPath == null || contextPath.equals("/") ? "" : contextPath;
        return new War(Path.of(war).toAbsolutePath(), path, users == null ? List.of() : Users.read(Path.of(users)));
    }
}
