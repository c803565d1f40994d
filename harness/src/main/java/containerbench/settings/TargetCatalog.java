package containerbench.settings;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.TreeSet;
import java.util.stream.Stream;

/**
 * The containers this checkout can launch, each one's knobs and kind, read from what the build wrote:
 * every module under {@code targets/} that provides a container, its {@code target/knobs.txt} and
 * its {@code target/container.properties}. The tests take their lists of containers from here.
 */
public record TargetCatalog(Path projectRoot, Map<String, List<TargetKnob>> knobs, Map<String, Kind> kinds) {

    /**
     * What a launcher says it is.
     *
     * @param deploysWars whether it takes a WAR of the user's (-Dapp.war)
     * @param standalone whether it starts a distribution in a process group of its own
     * @param servesLogin whether it serves the login servlet: all but the target of a user's executable jar
     */
    public record Kind(boolean deploysWars, boolean standalone, boolean servesLogin) {
    }

    private static final String SERVICE = "src/main/resources/META-INF/services/containerbench.launcher.Container";

    public static TargetCatalog read(Path projectRoot) {
        Map<String, List<TargetKnob>> knobs = new LinkedHashMap<>();
        Map<String, Kind> kinds = new LinkedHashMap<>();
        try (Stream<Path> dirs = Files.list(projectRoot.resolve("targets"))) {
            for (Path dir : dirs.filter(d -> Files.isRegularFile(d.resolve(SERVICE))).sorted().toList()) {
                knobs.put(dir.getFileName().toString(), knobsOf(dir));
                kinds.put(dir.getFileName().toString(), kindOf(dir));
            }
        } catch (IOException e) {
            throw new SettingException("cannot list the targets in " + projectRoot.resolve("targets") + ": " + e);
        }
        return new TargetCatalog(projectRoot, knobs, kinds);
    }

    private static Kind kindOf(Path module) {
        Path file = module.resolve("target/container.properties");
        Properties properties = new Properties();
        try (var in = Files.newBufferedReader(file)) {
            properties.load(in);
        } catch (IOException e) {
            throw new SettingException("cannot read " + file + " (" + e.getMessage() + "): the " + module.getFileName()
                    + " target is not built; `mvn -q process-classes` builds it");
        }
        return new Kind(Boolean.parseBoolean(properties.getProperty("deploysWars")),
                Boolean.parseBoolean(properties.getProperty("standalone")),
                !"false".equals(properties.getProperty("servesLogin")));
    }

    private static List<TargetKnob> knobsOf(Path module) {
        Path file = module.resolve("target/knobs.txt");
        String name = module.getFileName().toString();
        if (!Files.isRegularFile(file)) {
            throw new SettingException(file + " does not exist: the " + name + " target is not built."
                    + " `mvn gatling:test -P" + name + "` builds it; so does `mvn -q process-classes`.");
        }
        try {
            return Files.readAllLines(file).stream().filter(line -> !line.isBlank()).map(TargetKnob::parse).toList();
        } catch (IOException | IllegalArgumentException e) {
            throw new SettingException("cannot read " + file + " (" + e.getMessage() + "): rebuild with `mvn -q process-classes`");
        }
    }

    public List<String> names() {
        return List.copyOf(knobs.keySet());
    }

    /** The module of a container, or an error naming every container there is. */
    public Path module(String container) {
        return module(container, Given.maven(java.util.Map.of()));
    }

    /** The same, the error naming {@code container} as the user wrote it. */
    public Path module(String container, Given given) {
        if (!knobs.containsKey(container)) {
            throw given.bad(RunProperties.CONTAINER, container, "one of " + String.join(", ", names())
                    + " (or the profiles -P" + String.join(", -P", names()) + ")");
        }
        return projectRoot.resolve("targets").resolve(container);
    }

    /** The containers that deploy a user's WAR, in name order. */
    public List<String> warContainers() {
        return names().stream().filter(name -> kinds.get(name).deploysWars()).toList();
    }

    /** The containers that serve the login servlet (all but the jar target), in name order. */
    public List<String> loginContainers() {
        return names().stream().filter(name -> kinds.get(name).servesLogin()).toList();
    }

    /** The standalone servers, in name order. */
    public List<String> standaloneServers() {
        return names().stream().filter(name -> kinds.get(name).standalone()).toList();
    }

    /** The container's knobs, in its launcher's order. */
    public List<TargetKnob> knobsOf(String container) {
        module(container);
        return knobs.get(container);
    }

    /** Every knob name of every container, and every cross-container name. */
    public TreeSet<String> allKnobNames() {
        TreeSet<String> names = new TreeSet<>();
        knobs.values().forEach(list -> list.forEach(knob -> {
            names.add(knob.name());
            if (knob.common() != null) {
                names.add(knob.common());
            }
        }));
        return names;
    }
}
