package containerbench.launch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import containerbench.launcher.TargetProtocol;
import containerbench.settings.RunSettings;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * A user's WAR (-Dapp.war) on every container that can deploy one: a demo application of Jetty's
 * from Maven Central, given as a coordinate, at a context path of its own; embedded Undertow says it
 * has no deployer; on a standalone server, that start's processes and files as well. A WAR that
 * cannot deploy is WarThatCannotDeployTest's.
 */
class UserWarTest {

    /** Every container that deploys a WAR, as the catalog says. */
    static List<String> warContainers() {
        return RunningTargets.CATALOG.warContainers();
    }

    private static final String DEMO = "org.eclipse.jetty.ee10.demos:jetty-ee10-demo-simple-webapp:12.0.5";

    /** A password that XML, properties and HTTP Basic each must carry as it is. */
    private static final String PASSWORD = "s&<\"'>:t";

    /**
     * The demo as an administrator would protect it, its servlet for role "bench" only, with users
     * as a user gives them (-Dapp.users): every container serves the open part, lets in alice (in
     * that role, with a password that XML, properties and HTTP Basic each must carry as it is),
     * answers bob (not in it) 403, and refuses with 401 a request without credentials, with a wrong
     * password or from a user it was not given. UserAppIT measures it with a mix of these requests. A
     * standalone server is then killed from outside, on this start rather than one of its own: its
     * launcher ends and leaves neither a process nor its copy of the server's files.
     */
    @ParameterizedTest
    @MethodSource("warContainers")
    void aWarFromMavenCentralIsServedAtItsContextPathAndItsConstraintLetsInItsUsersInTheRoleOnly(String container)
            throws Exception {
        Path demo = RunningTargets.run(container, Map.of("app.war", DEMO)).app().war();
        Path secured = SecuredWar.of(demo, RunningTargets.folder("secured").resolve("demo.war"), "/hello/*", "bench");
        Path users = Files.writeString(secured.resolveSibling("users.txt"), "alice: " + PASSWORD + ", bench\nbob: pw, other\n");
        RunSettings run = RunningTargets.run(container, Map.of("target.jvmArgs", RunningTargets.JVM, "app.war", secured.toString(),
                "app.contextPath", "/demo", "app.users", users.toString()));
        Path log = RunningTargets.folder("user-war").resolve(container + ".log");
        boolean standalone = RunningTargets.CATALOG.standaloneServers().contains(container);
        List<Path> basesBefore = StandaloneServers.orphanedBases(container);
        try (RunningTarget target = RunningTarget.start(run.target(), run, RunningTargets.CATALOG, log)) {
            assertEquals(run.app().war().toString(), target.facts().get(TargetProtocol.APP_WAR));
            assertEquals("/demo", target.facts().get(TargetProtocol.APP_CONTEXT_PATH));
            URI base = target.baseUrl();
            HttpResponse<String> index = get(base.resolve("/demo/index.html"), null);
            assertEquals(200, index.statusCode(), "the open part is served: " + index.body());
            assertEquals(401, get(base.resolve("/demo/hello"), null).statusCode(), "the protected part asks for a login");
            HttpResponse<String> alice = get(base.resolve("/demo/hello"), "alice:" + PASSWORD);
            assertEquals(200, alice.statusCode(), "a user in the role is let in: " + alice.body());
            assertEquals(403, get(base.resolve("/demo/hello"), "bob:pw").statusCode(), "a user without the role is not");
            assertEquals(401, get(base.resolve("/demo/hello"), "alice:s3cret").statusCode(), "nor a wrong password");
            assertEquals(401, get(base.resolve("/demo/hello"), "carol:pw").statusCode(), "nor a user not given");
            assertEquals(404, get(base.resolve("/loginServlet?username=1&password=1"), null).statusCode(),
                    "the WAR replaces the login servlet");
            if (standalone) {
                StandaloneServers.assertItsOwnJvmAndItsLauncherEndsWhenItDies(target);
            }
        }
        if (standalone) {
            StandaloneServers.assertNoNewOrphans(basesBefore, container);
        }
    }

    @Test
    void embeddedUndertowSaysItHasNoWarDeployer() throws Exception {
        RunSettings run = RunningTargets.run("undertow", Map.of("target.jvmArgs", "-Xmx128m", "app.war", DEMO));
        Path log = RunningTargets.folder("undertow-war").resolve("undertow.log");
        var error = assertThrows(IllegalStateException.class, () -> TargetProcess.start(
                TargetModule.of(RunningTargets.CATALOG, "undertow"), run.target(), run.app(), List.of(), log, Duration.ofSeconds(60)));
        assertTrue(error.getMessage().contains("embedded Undertow has no WAR deployer"), error.getMessage());
        assertTrue(error.getMessage().contains("measure the WAR on wildfly"), error.getMessage());
    }

    /** A GET, with HTTP Basic credentials {@code user:password} unless {@code null}. */
    private static HttpResponse<String> get(URI uri, String credentials) throws Exception {
        HttpRequest.Builder request = HttpRequest.newBuilder(uri);
        if (credentials != null) {
            request.header("Authorization", "Basic " + java.util.Base64.getEncoder()
                    .encodeToString(credentials.getBytes(StandardCharsets.UTF_8)));
        }
        return HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build().send(request.build(),
                HttpResponse.BodyHandlers.ofString());
    }
}
