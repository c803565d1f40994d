package containerbench.settings;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * What a target runs, where it is not what the project built: its container at another version
 * ({@code tomcat[version=11.0.24]}), another WAR ({@code tomcat[app.war=change.war]}), or another
 * executable jar ({@code jar[app.jar=change.jar]}), so that an upgrade, or a change to the user's
 * application, is two targets of one interleaved run.
 *
 * @param version the container's version (its jars, or a server's distribution), resolved by Maven
 *     before any target starts; {@code null} for the one built
 * @param war the WAR this target deploys instead of {@code -Dapp.war}'s, or {@code null} for the run's
 * @param jar the jar this target runs instead of {@code -Dapp.jar}'s, or {@code null} for the run's
 */
public record TargetBuild(String version, Path war, Path jar) {

    /** What the project built, and the run's application. */
    public static final TargetBuild BUILT = new TargetBuild(null, null, null);

    /** A Maven version: letters, digits, dots, dashes and underscores, as Central's versions are written. */
    private static final Pattern VERSION = Pattern.compile("[0-9A-Za-z][0-9A-Za-z._-]*");

    /** The target's build from its brackets, each value checked; {@code property} is how the user wrote {@code -Dcontainers}. */
    static TargetBuild of(TargetSpec spec, TargetCatalog catalog, String property) {
        Map<String, String> settings = spec.settings();
        String version = settings.get(TargetSpec.VERSION);
        if (version != null && !VERSION.matcher(version).matches()) {
            throw new SettingException("bad value " + TargetSpec.VERSION + "=" + version + " in " + spec + " (" + property
                    + "): it accepts a Maven version of " + spec.container() + ", such as 11.0.24 or 2.3.18.Final");
        }
        Path jar = jar(spec, catalog, property);
        String war = settings.get(TargetSpec.WAR);
        if (war == null) {
            return new TargetBuild(version, null, jar);
        }
        if (!catalog.warContainers().contains(spec.container())) {
            throw new SettingException(TargetSpec.WAR + " in " + spec + " (" + property + "): " + spec.container()
                    + " deploys no WAR; " + String.join(", ", catalog.warContainers()) + " do");
        }
        Path file = Path.of(war).toAbsolutePath().normalize();
        if (!war.endsWith(".war") || !Files.isRegularFile(file)) {
            throw new SettingException("bad value " + TargetSpec.WAR + "=" + war + " in " + spec + " (" + property + "): "
                    + (war.endsWith(".war") ? "there is no such file" : "it accepts the path of a .war file"));
        }
        return new TargetBuild(version, file, null);
    }

    private static Path jar(TargetSpec spec, TargetCatalog catalog, String property) {
        String jar = spec.settings().get(TargetSpec.JAR);
        if (jar == null) {
            return null;
        }
        if (catalog.kinds().get(spec.container()).servesLogin()) {
            throw new SettingException(TargetSpec.JAR + " in " + spec + " (" + property + "): " + spec.container()
                    + " serves the login servlet or a WAR; an executable jar runs on the " + AppSettings.JAR_TARGET + " target,"
                    + " as " + AppSettings.JAR_TARGET + "[" + TargetSpec.JAR + "=" + jar + "]");
        }
        Path file = Path.of(jar).toAbsolutePath().normalize();
        if (!jar.endsWith(".jar") || !Files.isRegularFile(file)) {
            throw new SettingException("bad value " + TargetSpec.JAR + "=" + jar + " in " + spec + " (" + property + "): "
                    + (jar.endsWith(".jar") ? "there is no such file" : "it accepts the path of a .jar file"));
        }
        return file;
    }
}
