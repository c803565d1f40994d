package containerbench.settings;

import java.nio.file.Files;
import java.nio.file.Path;

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
}
