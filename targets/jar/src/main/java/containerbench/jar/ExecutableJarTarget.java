package containerbench.jar;

import containerbench.launcher.Application;
import containerbench.launcher.Container;
import containerbench.launcher.Knob;
import containerbench.launcher.ServerFiles;
import containerbench.launcher.ServerProcess;
import containerbench.launcher.TargetProtocol;
import java.lang.management.ManagementFactory;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.jar.Attributes;
import java.util.jar.JarFile;

/**
 * An executable jar of the user's ({@code -Dapp.jar}), which is its own server: run as an operator runs
 * one, {@code java OPTIONS -jar FILE ARGS}, with this launcher's JVM options (the run's target JVM
 * options) and in a process group of its own ({@link ServerProcess}), told where to listen by its
 * arguments ({@code --jar-args}, Spring Boot's {@code --server.port={port} --server.address={host}} by
 * default). It is ready once it accepts a connection on that port; the harness then checks that it
 * answers the run's requests. Its knobs are its own business: none here.
 */
public final class ExecutableJarTarget implements Container {

    @Override
    public String name() {
        return "jar";
    }

    /** What runs is the user's jar: its own version is read from its manifest once started. */
    @Override
    public String version() {
        return "java -jar";
    }

    @Override
    public List<Knob> knobs() {
        return List.of();
    }

    @Override
    public boolean deploysWars() {
        return false;
    }

    @Override
    public boolean servesLogin() {
        return false;
    }

    @Override
    public Server start(String host, int port, Map<String, String> knobs, Application application) throws Exception {
        if (!(application instanceof Application.Jar jar)) {
            throw new IllegalArgumentException("the jar target runs an executable jar of yours: give --jar FILE (-Dapp.jar)");
        }
        int listen = ServerProcess.freePort(host, port);
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.addAll(ManagementFactory.getRuntimeMXBean().getInputArguments());
        command.add("-jar");
        command.add(jar.file().toString());
        command.addAll(jar.arguments(host, listen));
        // Its own working directory, deleted when it stops: whatever it writes beside itself goes there.
        ServerProcess process = ServerProcess.start(command, ServerFiles.newBase(name()), Map.of(),
                new ServerProcess.Readiness.Listening(host, listen, jar.startTimeout()));
        return process.serving(listen, Map.of(), String.join(" ", command),
                Map.of(TargetProtocol.CONTAINER_VERSION, described(jar.file()), TargetProtocol.INSTALLED, jar.file().toString()));
    }

    /**
     * The jar as its manifest names it: its title and version where it has them, and the Spring Boot
     * that built it ({@code demo 1.0 (Spring Boot 4.0.7)}); its file name where it names nothing.
     */
    static String described(Path file) {
        try (JarFile jar = new JarFile(file.toFile())) {
            Attributes main = jar.getManifest() == null ? new Attributes() : jar.getManifest().getMainAttributes();
            String title = main.getValue(Attributes.Name.IMPLEMENTATION_TITLE);
            String version = main.getValue(Attributes.Name.IMPLEMENTATION_VERSION);
            String boot = main.getValue("Spring-Boot-Version");
            String name = (title == null ? file.getFileName().toString() : title) + (version == null ? "" : " " + version);
            return boot == null ? name : name + " (Spring Boot " + boot + ")";
        } catch (java.io.IOException e) {
            return file.getFileName().toString();
        }
    }
}
