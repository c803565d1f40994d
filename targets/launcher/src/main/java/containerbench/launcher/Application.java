package containerbench.launcher;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * What a container serves: the project's login servlet (the studies' application), or a WAR of the
 * user's at a context path of the user's.
 */
public sealed interface Application permits Application.Login, Application.War {

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

    /** The servlet at /loginServlet, unless {@code war} names an archive; a context path of / is ROOT. */
    static Application of(String war, String contextPath, String users) {
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
