package containerbench.settings;

import static containerbench.settings.RunProperties.CONTAINER;
import static containerbench.settings.RunProperties.CONTAINERS;
import static containerbench.settings.RunProperties.TARGET_HOST;
import static containerbench.settings.RunProperties.TARGET_JAVA;
import static containerbench.settings.RunProperties.TARGET_JVM_ARGS;
import static containerbench.settings.RunProperties.TARGET_URL;

import java.net.URI;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One target of a run: a container launched in its own JVM (the default), or a server already
 * running at {@code target.url}. Parsed and checked against the built targets' knob lists before
 * anything starts. A run has one target, or several measured in turn against the first.
 *
 * @param label how results and pages name it: the container, with #2, #3 for the same container again
 * @param url the running target's base URL, or {@code null} to launch one
 * @param knobs the container's knobs given as {@code -Dname=value} or by their common name, passed to it
 *     as {@code --name value}
 * @param commonNames the container's knob for each cross-container name ({@code threads -> maxThreads})
 */
public record TargetSettings(String label, String container, URI url, String java, List<String> jvmArgs, String host,
        Map<String, String> knobs, Map<String, String> commonNames) {

    /**
     * Every target of the run, the baseline first. A knob reaches each chosen container that has
     * it, and must belong to one of them; a cross-container name must exist on all of them.
     */
    public static List<TargetSettings> from(Map<String, String> properties, TargetCatalog catalog) {
        List<String> containers = containers(properties, catalog);
        String java = TARGET_JAVA.text(properties, Path.of(System.getProperty("java.home"), "bin", "java").toString());
        List<String> jvmArgs = Arrays.stream(TARGET_JVM_ARGS.text(properties, TARGET_JVM_ARGS.defaultValue()).trim().split("\\s+"))
                .filter(arg -> !arg.isEmpty()).toList();
        String host = TARGET_HOST.text(properties, TARGET_HOST.defaultValue());
        if (host.isBlank()) {
            throw TARGET_HOST.bad(host);
        }
        String url = TARGET_URL.given(properties);
        if (url != null) {
            List<String> given = catalog.allKnobNames().stream().filter(properties::containsKey).toList();
            if (!given.isEmpty()) {
                throw new SettingException("-D" + String.join(", -D", given) + " cannot reach a target started by someone else"
                        + " (-Dtarget.url=" + url + "): set it where that target is started");
            }
            if (containers.size() > 1) {
                throw new SettingException("-Dtarget.url names one running target, and " + String.join(", ", containers)
                        + " are " + containers.size() + ": measure several containers by launching them");
            }
            return List.of(new TargetSettings(containers.get(0), containers.get(0), parseUrl(url), java, jvmArgs, host,
                    Map.of(), Map.of()));
        }
        refuseForeignKnobs(properties, catalog, containers);
        List<TargetSettings> targets = new ArrayList<>();
        for (String container : containers) {
            long before = targets.stream().filter(t -> t.container().equals(container)).count();
            targets.add(new TargetSettings(before == 0 ? container : container + "#" + (before + 1), container, null, java,
                    jvmArgs, host, knobsOf(properties, catalog, container), commonNames(catalog, container)));
        }
        return List.copyOf(targets);
    }

    private static Map<String, String> commonNames(TargetCatalog catalog, String container) {
        Map<String, String> commonNames = new LinkedHashMap<>();
        catalog.knobsOf(container).stream().filter(knob -> knob.common() != null)
                .forEach(knob -> commonNames.put(knob.common(), knob.name()));
        return Map.copyOf(commonNames);
    }

    /** The knobs given for this container, by its own name or by the common one (not both). */
    private static Map<String, String> knobsOf(Map<String, String> properties, TargetCatalog catalog, String container) {
        Map<String, String> knobs = new LinkedHashMap<>();
        for (TargetKnob knob : catalog.knobsOf(container)) {
            boolean byName = properties.containsKey(knob.name());
            boolean byCommon = knob.common() != null && !knob.common().equals(knob.name()) && properties.containsKey(knob.common());
            if (byName && byCommon) {
                throw new SettingException("both -D" + knob.name() + " and -D" + knob.common() + " are set, and they are the same "
                        + container + " knob: keep one");
            }
            if (byName || byCommon) {
                knobs.put(knob.name(), properties.get(byName ? knob.name() : knob.common()));
            }
        }
        return Map.copyOf(knobs);
    }

    /** A knob of a container not in the run, or a common name one of the run's containers lacks, is an error. */
    private static void refuseForeignKnobs(Map<String, String> properties, TargetCatalog catalog, List<String> containers) {
        for (String chosen : containers) {
            List<TargetKnob> own = catalog.knobsOf(chosen);
            String ownNames = String.join(", ", own.stream().map(TargetKnob::name).toList());
            for (String other : catalog.names()) {
                for (TargetKnob knob : containers.contains(other) ? List.<TargetKnob>of() : catalog.knobsOf(other)) {
                    boolean ownCommon = own.stream().anyMatch(k -> knob.common() != null && knob.common().equals(k.common()));
                    if (knob.common() != null && properties.containsKey(knob.common()) && !ownCommon) {
                        throw new SettingException("-D" + knob.common() + " has no counterpart on " + chosen + " (" + other
                                + " calls it " + knob.name() + "); " + chosen + "'s knobs are " + ownNames);
                    }
                    boolean anyChosenHasIt = containers.stream().anyMatch(c -> catalog.knobsOf(c).stream()
                            .anyMatch(k -> k.name().equals(knob.name()) || knob.name().equals(k.common())));
                    if (properties.containsKey(knob.name()) && !anyChosenHasIt) {
                        throw new SettingException("-D" + knob.name() + " is a knob of " + other + ", not of "
                                + String.join(" or ", containers.stream().distinct().toList()) + "; " + chosen + "'s knobs are " + ownNames);
                    }
                }
            }
        }
    }

    /**
     * The containers of the run, the baseline first: {@code -Dcontainers}, else {@code -Dcontainer},
     * else the active container profiles (in the pom's order). A profile and a property that name
     * different containers are refused rather than one silently winning.
     */
    private static List<String> containers(Map<String, String> properties, TargetCatalog catalog) {
        List<String> profiles = list(properties.getOrDefault(RunProperties.CONTAINER_PROFILES, ""));
        String named = CONTAINER.text(properties, "").trim();
        List<String> several = list(CONTAINERS.text(properties, ""));
        if (!named.isEmpty() && !several.isEmpty()) {
            throw new SettingException("both -Dcontainer and -Dcontainers are set: keep one (-Dcontainers=" + named + ","
                    + String.join(",", several) + " measures them all in one run)");
        }
        List<String> given = several.isEmpty() ? named.isEmpty() ? List.of() : List.of(named) : several;
        if (!given.isEmpty() && !profiles.isEmpty() && !given.stream().distinct().sorted().toList().equals(profiles.stream().sorted().toList())) {
            throw new SettingException("-D" + (several.isEmpty() ? "container=" + named : "containers=" + String.join(",", several))
                    + " and -P" + String.join(",", profiles) + " name different containers: keep one");
        }
        List<String> containers = given.isEmpty() ? profiles : given;
        if (containers.isEmpty()) {
            throw new SettingException("no container chosen: run with -P" + String.join(" or -P", catalog.names())
                    + " (or -Dcontainer=NAME). A profile Maven does not know, such as -Pjboss, chooses nothing:"
                    + " Maven only warns that it could not be activated.");
        }
        containers.forEach(catalog::module);
        return containers;
    }

    private static List<String> list(String value) {
        return Arrays.stream(value.split(",")).map(String::trim).filter(name -> !name.isEmpty()).toList();
    }

    /** Whether the harness starts the target itself. */
    public boolean launched() {
        return url == null;
    }

    /** The knobs given that differ from the container's defaults, for a run's description. */
    public Map<String, String> nonDefaultKnobs(TargetCatalog catalog) {
        Map<String, String> changed = new LinkedHashMap<>();
        if (launched()) {
            catalog.knobsOf(container).forEach(knob -> {
                String value = knobs.get(knob.name());
                if (value != null && !value.equals(knob.defaultValue())) {
                    changed.put(knob.name(), value);
                }
            });
        }
        return changed;
    }

    private static URI parseUrl(String url) {
        try {
            URI uri = URI.create(url.endsWith("/") ? url.substring(0, url.length() - 1) : url);
            if (("http".equals(uri.getScheme()) || "https".equals(uri.getScheme())) && uri.getHost() != null
                    && uri.getQuery() == null) {
                return uri;
            }
        } catch (IllegalArgumentException e) {
            // reported below
        }
        throw TARGET_URL.bad(url);
    }
}
