package containerbench.jar;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import containerbench.launcher.Application;
import containerbench.launcher.Container;
import containerbench.launcher.TargetProtocol;
import java.io.OutputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.jar.Attributes;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The jar target on two jars built here from a few lines of Java: one that serves HTTP on the port
 * its arguments name (the JDK's own HTTP server), run and stopped; one that never listens, refused
 * once its start timeout is over, naming why, with nothing of it left running.
 */
class ExecutableJarTargetTest {

    private final ExecutableJarTarget target = new ExecutableJarTarget();

    @TempDir
    Path folder;

    private static final String SERVER = """
            public class Hello {
                public static void main(String[] args) throws Exception {
                    int port = Integer.parseInt(args[0].substring("--server.port=".length()));
                    String host = args[1].substring("--server.address=".length());
                    var server = com.sun.net.httpserver.HttpServer.create(new java.net.InetSocketAddress(host, port), 0);
                    server.createContext("/", exchange -> {
                        byte[] body = "hello".getBytes();
                        exchange.sendResponseHeaders(200, body.length);
                        exchange.getResponseBody().write(body);
                        exchange.close();
                    });
                    server.start();
                }
            }
            """;

    private static final String SILENT = """
            public class Hello {
                public static void main(String[] args) throws Exception {
                    System.out.println("starting, but never listening");
                    Thread.sleep(600_000);
                }
            }
            """;

    @Test
    void runsAJarOnTheHostAndPortItsArgumentsNameAndStopsIt() throws Exception {
        Path jar = jar(SERVER, "hello", "1.2");
        long pid;
        try (Container.Server server = target.start("127.0.0.1", 0, Map.of(),
                new Application.Jar(jar, Application.BOOT_ARGS, Duration.ofSeconds(30)))) {
            HttpResponse<String> answer = HttpClient.newHttpClient().send(HttpRequest.newBuilder(
                    URI.create("http://127.0.0.1:" + server.port() + "/")).build(), HttpResponse.BodyHandlers.ofString());
            assertEquals(200, answer.statusCode());
            assertEquals("hello", answer.body());
            assertEquals("hello 1.2", server.facts().get(TargetProtocol.CONTAINER_VERSION));
            assertEquals(jar.toString(), server.facts().get(TargetProtocol.INSTALLED));
            pid = Long.parseLong(server.facts().get(TargetProtocol.SERVER_PID));
            assertTrue(ProcessHandle.of(pid).isPresent(), "its own JVM, sampled as a server's");
            assertTrue(ProcessHandle.of(pid).orElseThrow().info().arguments().map(List::of).orElse(List.of()).contains(jar.toString()));
        }
        assertFalse(ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false), "stopped with its target");
    }

    @Test
    void aJarThatNeverListensFailsOnceItsTimeoutIsOverNamingThePortAndLeavesNothingRunning() throws Exception {
        Path jar = jar(SILENT, "silent", null);
        IllegalStateException error = assertThrows(IllegalStateException.class, () -> target.start("127.0.0.1", 0, Map.of(),
                new Application.Jar(jar, Application.BOOT_ARGS, Duration.ofSeconds(2))));
        assertTrue(error.getMessage().matches("(?s)the jar did not listen on 127\\.0\\.0\\.1:\\d+ within 2 s \\(was it told its port\\?"
                + " --jar-args\\); the end of its output:\nstarting, but never listening.*"), error.getMessage());
        assertEquals(List.of(), ProcessHandle.current().descendants().filter(ProcessHandle::isAlive)
                .filter(p -> p.info().arguments().map(List::of).orElse(List.of()).contains(jar.toString())).toList(),
                "no JVM of the jar left");
    }

    @Test
    void aJarMustBeToldItsPort() throws Exception {
        Path jar = jar(SILENT, "silent", null);
        IllegalArgumentException error = assertThrows(IllegalArgumentException.class,
                () -> new Application.Jar(jar, "--port=8080", Duration.ofSeconds(2)));
        assertEquals("bad value for --jar-args: '--port=8080'; it must tell the jar its port with {port}, as in"
                + " --server.port={port}", error.getMessage());
        assertEquals("the jar target runs an executable jar of yours: give --jar FILE (-Dapp.jar)", assertThrows(
                IllegalArgumentException.class, () -> target.start("127.0.0.1", 0, Map.of(), new Application.Login())).getMessage());
    }

    /** {@code source}'s class Hello compiled and packed as an executable jar, its manifest naming it as given. */
    private Path jar(String source, String title, String version) throws Exception {
        Path sources = Files.createDirectories(folder.resolve("src-" + title));
        Files.writeString(sources.resolve("Hello.java"), source);
        assertEquals(0, ToolProvider.getSystemJavaCompiler().run(null, null, null, "-d", sources.toString(),
                sources.resolve("Hello.java").toString()));
        Manifest manifest = new Manifest();
        manifest.getMainAttributes().put(Attributes.Name.MANIFEST_VERSION, "1.0");
        manifest.getMainAttributes().put(Attributes.Name.MAIN_CLASS, "Hello");
        manifest.getMainAttributes().put(Attributes.Name.IMPLEMENTATION_TITLE, title);
        if (version != null) {
            manifest.getMainAttributes().put(Attributes.Name.IMPLEMENTATION_VERSION, version);
        }
        Path jar = folder.resolve(title + ".jar");
        try (OutputStream file = Files.newOutputStream(jar); JarOutputStream out = new JarOutputStream(file, manifest)) {
            out.putNextEntry(new JarEntry("Hello.class"));
            out.write(Files.readAllBytes(sources.resolve("Hello.class")));
            out.closeEntry();
        }
        return jar;
    }
}
