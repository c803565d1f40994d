package containerbench.settings;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;

/**
 * The checkout this harness belongs to: where {@code targets/} holds the built containers. The pom
 * tells the Gatling JVM ({@code -Dproject.root}); a tool or a test started inside the checkout finds
 * it from its working directory.
 */
public final class ProjectRoot {

    private ProjectRoot() {
    }

    public static Path find() {
        String told = System.getProperty(RunProperties.PROJECT_ROOT);
        if (told != null && !told.isBlank()) {
            return Path.of(told).toAbsolutePath().normalize();
        }
        Path start = Path.of("").toAbsolutePath();
        for (Path dir = start; dir != null; dir = dir.getParent()) {
            if (Files.isRegularFile(dir.resolve("targets/pom.xml")) && Files.isRegularFile(dir.resolve("pom.xml"))) {
                return dir;
            }
        }
        throw new SettingException("cannot find the container-bench checkout from " + start
                + ": run inside it, or set -D" + RunProperties.PROJECT_ROOT + "=DIR");
    }

    /**
     * This project's Maven: the one running the build ({@code maven.home}), else {@code mvn} on the
     * PATH, else the checkout's wrapper.
     */
    public static String maven(Path root) {
        String home = System.getProperty("maven.home");
        if (home != null) {
            return Path.of(home, "bin", "mvn").toString();
        }
        boolean onPath = Stream.of(System.getenv().getOrDefault("PATH", "").split(File.pathSeparator))
                .anyMatch(dir -> !dir.isEmpty() && Files.isExecutable(Path.of(dir, "mvn")));
        return onPath ? "mvn" : root.resolve("mvnw").toString();
    }
}
