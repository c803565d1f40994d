package containerbench.harness;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * One launcher module under {@code targets/}, as built by Maven: its classes and the exact
 * runtime classpath it wrote, so that its JVM gets its own jars and none of the benchmark's.
 */
public record TargetModule(String name, Path directory) {

    /** The main class shared by every launcher; it starts the one container on its classpath. */
    public static final String MAIN_CLASS = "containerbench.launcher.TargetMain";

    private static final String SERVICE = "src/main/resources/META-INF/services/containerbench.launcher.Container";

    /** Every container the project can launch: the modules under targets/ that provide one. */
    public static List<String> names(Path projectRoot) {
        try (Stream<Path> dirs = Files.list(projectRoot.resolve("targets"))) {
            return dirs.filter(dir -> Files.isRegularFile(dir.resolve(SERVICE)))
                    .map(dir -> dir.getFileName().toString()).sorted().toList();
        } catch (IOException e) {
            throw new SettingException("cannot list the targets in " + projectRoot.resolve("targets") + ": " + e);
        }
    }

    public static TargetModule of(Path projectRoot, String name) {
        List<String> names = names(projectRoot);
        if (!names.contains(name)) {
            throw new SettingException("container", name, "one of " + String.join(", ", names)
                    + " (or the profiles -P" + String.join(", -P", names) + ")");
        }
        return new TargetModule(name, projectRoot.resolve("targets").resolve(name));
    }

    /** The target's classpath: its classes, then its runtime dependencies. */
    public String classpath() {
        Path written = directory.resolve("target/runtime-classpath.txt");
        if (!Files.isRegularFile(written)) {
            throw new SettingException(written + " does not exist: the " + name + " target is not built."
                    + " `mvn gatling:test -P" + name + "` builds it; so does `mvn -q package -DskipTests`.");
        }
        try {
            return directory.resolve("target/classes") + java.io.File.pathSeparator + Files.readString(written).trim();
        } catch (IOException e) {
            throw new SettingException("cannot read " + written + ": " + e);
        }
    }

    /** The command that runs this target's launcher with the given JVM options and arguments. */
    public List<String> command(String java, List<String> jvmArgs, List<String> args) {
        return command(List.of(), java, jvmArgs, args);
    }

    /** The same, run under {@code prefix} (such as taskset). */
    public List<String> command(List<String> prefix, String java, List<String> jvmArgs, List<String> args) {
        List<String> command = new ArrayList<>(prefix);
        command.add(java);
        command.addAll(jvmArgs);
        command.add("-cp");
        command.add(classpath());
        command.add(MAIN_CLASS);
        command.addAll(args);
        return command;
    }

    /** The names of this container's knobs, asked of the launcher itself (it starts no server). */
    public List<String> knobNames(String java) {
        return List.copyOf(knobs(java).keySet());
    }

    /**
     * This container's knobs, each with its cross-container name ({@code threads}, {@code backlog},
     * {@code idleTimeout}, {@code virtualThreads}) or {@code null}.
     */
    public java.util.Map<String, String> knobs(String java) {
        java.util.Map<String, String> knobs = new java.util.LinkedHashMap<>();
        for (String line : listKnobs(java)) {
            String[] parts = line.split("\\s+");
            knobs.put(parts[0], parts.length > 1 ? parts[1] : null);
        }
        return knobs;
    }

    private List<String> listKnobs(String java) {
        try {
            Process process = new ProcessBuilder(command(java, List.of(), List.of("--list-knobs")))
                    .redirectErrorStream(true).start();
            process.getOutputStream().close();
            String output = new String(process.getInputStream().readAllBytes());
            if (!process.waitFor(30, TimeUnit.SECONDS) || process.exitValue() != 0) {
                process.destroyForcibly();
                throw new SettingException("the " + name + " target could not list its knobs with " + java + ":\n" + output);
            }
            return output.lines().map(String::trim).filter(line -> !line.isEmpty()).toList();
        } catch (IOException e) {
            throw new SettingException("cannot run " + java + " for the " + name + " target: " + e.getMessage()
                    + " (set -Dtarget.java to a java executable)");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
