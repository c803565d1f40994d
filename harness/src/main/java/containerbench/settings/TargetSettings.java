package containerbench.settings;

import static containerbench.settings.RunProperties.CONTAINER;
import static containerbench.settings.RunProperties.TARGET_HOST;
import static containerbench.settings.RunProperties.TARGET_JAVA;
import static containerbench.settings.RunProperties.TARGET_JVM_ARGS;
import static containerbench.settings.RunProperties.TARGET_URL;

import java.net.URI;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What is benchmarked: a container launched in its own JVM (the default), or a server already
 * running at {@code target.url}. Parsed and checked against the built targets' knob lists before
 * anything starts.
 *
 * @param url the running target's base URL, or {@code null} to launch one
 * @param knobs the container's knobs given as {@code -Dname=value} or by their common name, passed to it
 *     as {@code --name value}
 * @param commonNames the container's knob for each cross-container name ({@code threads -> maxThreads})
 */
public record TargetSettings(String container, URI url, String java, List<String> jvmArgs, String host,
        Map<String, String> knobs, Map<String, String> commonNames) {

    public static TargetSettings from(Map<String, String> properties, TargetCatalog catalog) {
        String container = container(properties, catalog);
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
            return new TargetSettings(container, parseUrl(url), java, jvmArgs, host, Map.of(), Map.of());
        }
        List<TargetKnob> own = catalog.knobsOf(container);
        Map<String, String> commonNames = new LinkedHashMap<>();
        own.stream().filter(knob -> knob.common() != null).forEach(knob -> commonNames.put(knob.common(), knob.name()));
        Map<String, String> knobs = new LinkedHashMap<>();
        for (TargetKnob knob : own) {
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
        String ownNames = String.join(", ", own.stream().map(TargetKnob::name).toList());
        for (String other : catalog.names()) {
            for (TargetKnob knob : other.equals(container) ? List.<TargetKnob>of() : catalog.knobsOf(other)) {
                if (knob.common() != null && properties.containsKey(knob.common()) && !commonNames.containsKey(knob.common())) {
                    throw new SettingException("-D" + knob.common() + " has no counterpart on " + container + " (" + other
                            + " calls it " + knob.name() + "); " + container + "'s knobs are " + ownNames);
                }
                if (properties.containsKey(knob.name()) && !knobs.containsKey(knob.name()) && !commonNames.containsKey(knob.name())) {
                    throw new SettingException("-D" + knob.name() + " is a knob of " + other + ", not of " + container
                            + "; " + container + "'s knobs are " + ownNames);
                }
            }
        }
        return new TargetSettings(container, null, java, jvmArgs, host, Map.copyOf(knobs), Map.copyOf(commonNames));
    }

    /**
     * The one container of the run: named by {@code -Dcontainer}, or by the one container profile
     * that is active. Two profiles, or a profile and a different {@code -Dcontainer}, are refused
     * rather than reduced silently to one of them.
     */
    private static String container(Map<String, String> properties, TargetCatalog catalog) {
        List<String> profiles = Arrays.stream(properties.getOrDefault(RunProperties.CONTAINER_PROFILES, "").split(","))
                .map(String::trim).filter(name -> !name.isEmpty()).distinct().toList();
        String named = CONTAINER.text(properties, "").trim();
        if (profiles.size() > 1) {
            throw new SettingException("-P" + String.join(",", profiles) + " activates " + profiles.size()
                    + " container profiles, and a run measures one container: run them one after the other ("
                    + String.join(", then ", profiles.stream().map(p -> "mvn gatling:test -P" + p).toList()) + ")");
        }
        if (!named.isEmpty() && !profiles.isEmpty() && !profiles.contains(named)) {
            throw new SettingException("-Dcontainer=" + named + " and -P" + profiles.get(0) + " name different containers: keep one");
        }
        String container = named.isEmpty() && !profiles.isEmpty() ? profiles.get(0) : named;
        if (container.isEmpty()) {
            throw new SettingException("no container chosen: run with -P" + String.join(" or -P", catalog.names())
                    + " (or -Dcontainer=NAME). A profile Maven does not know, such as -Pjboss, chooses nothing:"
                    + " Maven only warns that it could not be activated.");
        }
        catalog.module(container);
        return container;
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
