package containerbench.launch;

import containerbench.settings.SettingException;
import containerbench.settings.TargetCatalog;
import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * One launcher module under {@code targets/}, as built by Maven: its classes and the exact
 * runtime classpath it wrote, so that its JVM gets its own jars and none of the benchmark's.
 */
public record TargetModule(String name, Path directory, String classpath) {

    /** The main class shared by every launcher; it starts the one container on its classpath. */
    public static final String MAIN_CLASS = "containerbench.launcher.TargetMain";

    /** The module as built: its classes, then the runtime dependencies its build wrote. */
    public static TargetModule of(TargetCatalog catalog, String name) {
        Path directory = catalog.module(name);
        return new TargetModule(name, directory, builtClasspath(name, directory));
    }

    /** The same module on another classpath (its container at another version, {@link TargetVersions}). */
    public TargetModule withClasspath(String other) {
        return new TargetModule(name, directory, other);
    }

    private static String builtClasspath(String name, Path directory) {
        Path written = directory.resolve("target/runtime-classpath.txt");
        if (!Files.isRegularFile(written)) {
            throw new SettingException(written + " does not exist: the " + name + " target is not built."
                    + " `mvn gatling:test -P" + name + "` builds it; so does `mvn -q process-classes`.");
        }
        try {
            return directory.resolve("target/classes") + File.pathSeparator + Files.readString(written).trim();
        } catch (IOException e) {
            throw new SettingException("cannot read " + written + ": " + e);
        }
    }

    /** The command that runs this target's launcher under {@code prefix} (such as taskset, or nothing). */
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
}
