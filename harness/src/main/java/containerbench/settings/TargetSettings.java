package containerbench.settings;

import static containerbench.settings.RunProperties.CONTAINER;
import static containerbench.settings.RunProperties.CONTAINERS;
import static containerbench.settings.RunProperties.TARGET_HOST;
import static containerbench.settings.RunProperties.TARGET_JAVA;
import static containerbench.settings.RunProperties.TARGET_JVM_ARGS;
import static containerbench.settings.RunProperties.TARGET_URL;

import containerbench.launcher.ResourceReport;
import containerbench.launcher.Transport;
import java.net.URI;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One target of a run: a container launched in its own JVM (the default), or a server already
 * running at {@code target.url}. Parsed and checked against the built targets' knob lists, each
 * value against its knob's rule, before anything starts. A run has one target, or several measured
 * in turn against the first.
 *
 * @param name how results and pages name its configuration: the container, with its brackets where they set anything
 * @param copy which copy of that configuration it is: 1, then 2, 3 for the same configuration again (an A/A run);
 *     its {@link #label} says so as #2, #3
 * @param url the running target's base URL, or {@code null} to launch one
 * @param resources where a running target serves its own CPU and memory ({@code -Dtarget.resources}), or {@code null}
 * @param knobs the container's knobs given as {@code -Dname=value} or by their common name, passed to it
 *     as {@code --name value}
 * @param commonNames the container's knob for each cross-container name ({@code threads -> maxThreads})
 * @param build its container's version and its WAR where they are not the built ones and the run's
 * @param profiling whether its JVM is profiled over its blocks: {@code profile} in its brackets, else {@code -Dprofile}
 */
public record TargetSettings(String name, int copy, String container, URI url, URI resources, String java, List<String> jvmArgs,
        String host, Map<String, String> knobs, Map<String, String> commonNames, TargetBuild build, Profiling profiling) {

    /** How results and pages name it: its configuration's name, with #2, #3 for the same configuration again. */
    public String label() {
        return copy == 1 ? name : name + "#" + copy;
    }

    /**
     * Every target of the run, the baseline first. A knob reaches each chosen container that has
     * it, and must belong to one of them; a cross-container name must exist on all of them. Each
     * value must be one its container's knob accepts: a cross-container name given once is checked
     * against every container's own rule.
     */
    public static List<TargetSettings> from(Given given, TargetCatalog catalog) {
        List<TargetSpec> specs = specs(given, catalog);
        List<String> containers = specs.stream().map(TargetSpec::container).toList();
        String java = TARGET_JAVA.text(given, Path.of(System.getProperty("java.home"), "bin", "java").toString());
        List<String> jvmArgs = Arrays.stream(TARGET_JVM_ARGS.text(given, TARGET_JVM_ARGS.defaultValue()).trim().split("\\s+"))
                .filter(arg -> !arg.isEmpty()).toList();
        String host = TARGET_HOST.text(given, TARGET_HOST.defaultValue());
        if (host.isBlank()) {
            throw given.bad(TARGET_HOST, host);
        }
        String url = TARGET_URL.given(given);
        if (url != null) {
            return running(given, catalog, specs, url, java, jvmArgs, host);
        }
        if (given.has(RunProperties.TARGET_RESOURCES)) {
            throw new SettingException(given.spelled(RunProperties.TARGET_RESOURCES) + " reads a target started by someone else,"
                    + " with " + given.spelled(TARGET_URL) + "; a target this run launches is read from /proc");
        }
        refuseForeignKnobs(given, catalog, containers);
        List<TargetSettings> targets = new ArrayList<>();
        for (TargetSpec spec : specs) {
            Map<String, String> knobs = new LinkedHashMap<>(knobsOf(given, catalog, spec.container()));
            knobs.putAll(ownKnobs(spec, catalog, given));
            List<String> ownJvmArgs = new ArrayList<>(jvmArgs);
            ownJvmArgs.addAll(spec.jvmArgs());
            String name = label(spec, specs.get(0), knobs, targets.isEmpty() ? null : targets.get(0), catalog);
            int copy = 1 + (int) targets.stream().filter(t -> t.name().equals(name)).count();
            targets.add(new TargetSettings(name, copy, spec.container(), null, null, java,
                    List.copyOf(ownJvmArgs), host, Map.copyOf(knobs), commonNames(catalog, spec.container()),
                    TargetBuild.of(spec, catalog, given.spelled(CONTAINERS)), Profiling.of(spec, given)));
        }
        // Two targets' profiles are compared sample for sample: both must be sampled alike.
        List<TargetSettings> profiled = targets.stream().filter(target -> target.profiling() != Profiling.OFF).toList();
        if (profiled.stream().map(TargetSettings::profiling).distinct().count() > 1) {
            throw new SettingException(profiled.get(0).label() + " and " + profiled.stream().filter(target -> target.profiling()
                    != profiled.get(0).profiling()).findFirst().orElseThrow().label() + " are profiled differently: their profiles are"
                    + " compared sample for sample, so every profiled target of a run takes the same " + TargetSpec.PROFILE);
        }
        return List.copyOf(targets);
    }

    /**
     * Targets started by someone else, one URL each in the order of the containers (and as many
     * resource reports, where given): nothing to launch, so no knob can reach them. Named as launched
     * ones are, the same container again taking #2.
     */
    private static List<TargetSettings> running(Given given, TargetCatalog catalog, List<TargetSpec> specs, String url,
            String java, List<String> jvmArgs, String host) {
        List<String> containers = specs.stream().map(TargetSpec::container).toList();
        List<String> knobs = catalog.allKnobNames().stream().filter(given::has).map(given::spelled).toList();
        if (given.has(RunProperties.PROFILE) && Profiling.from(given) != Profiling.OFF) {
            throw new SettingException(given.spelled(RunProperties.PROFILE) + " attaches a profiler to the JVMs this run launches, not"
                    + " to one running at " + given.spelled(TARGET_URL));
        }
        if (!knobs.isEmpty()) {
            throw new SettingException(String.join(", ", knobs) + " cannot reach a target started by someone else ("
                    + given.spelled(TARGET_URL) + "=" + url + "): set it where that target is started");
        }
        for (TargetSpec spec : specs) {
            if (!spec.settings().isEmpty()) {
                throw new SettingException(spec + " sets knobs of a target started by someone else ("
                        + given.spelled(TARGET_URL) + "=" + url + "): set them where that target is started");
            }
        }
        List<String> urls = Arrays.stream(url.split(",", -1)).map(String::trim).toList();
        if (urls.size() != containers.size()) {
            throw new SettingException(given.spelled(TARGET_URL) + " names " + urls.size() + " running target(s), and "
                    + String.join(", ", containers) + " are " + containers.size() + ": give one URL per container, in the"
                    + " same order, separated by commas");
        }
        String resources = RunProperties.TARGET_RESOURCES.given(given);
        List<String> reports = resources == null ? null : Arrays.stream(resources.split(",", -1)).map(String::trim).toList();
        if (reports != null && reports.size() != containers.size()) {
            throw new SettingException(given.spelled(RunProperties.TARGET_RESOURCES) + " names " + reports.size()
                    + " report(s) for the " + containers.size() + " targets of " + given.spelled(TARGET_URL)
                    + ": give one per target, in the same order");
        }
        List<TargetSettings> targets = new ArrayList<>();
        for (int t = 0; t < containers.size(); t++) {
            String container = containers.get(t);
            int copy = 1 + (int) targets.stream().filter(target -> target.name().equals(container)).count();
            targets.add(new TargetSettings(container, copy, container,
                    parseUrl(given, urls.get(t)), reports == null ? null : parseResources(given, reports.get(t)), java, jvmArgs,
                    host, Map.of(), Map.of(), TargetBuild.BUILT, Profiling.OFF));
        }
        return List.copyOf(targets);
    }

    /** The knobs in a target's brackets, by the container's own names; a name it does not have is refused. */
    private static Map<String, String> ownKnobs(TargetSpec spec, TargetCatalog catalog, Given given) {
        Map<String, String> knobs = new LinkedHashMap<>();
        List<TargetKnob> own = catalog.knobsOf(spec.container());
        spec.knobs().forEach((written, value) -> {
            TargetKnob knob = knobNamed(own, written).orElseThrow(() -> new SettingException(written + " in " + spec + " ("
                    + given.spelled(CONTAINERS) + ") is not a knob of " + spec.container() + "; its knobs are " + String.join(", ",
                    own.stream().map(k -> k.common() == null ? k.name() : k.name() + " (" + k.common() + ")").toList())
                    + "; " + TargetSpec.JVM_ARGS + " takes its JVM options, " + TargetSpec.VERSION + " its version and "
                    + TargetSpec.WAR + " its own WAR"));
            checked(knob, spec.container(), value, written + "=" + value + " in " + spec + " (" + given.spelled(CONTAINERS)
                    + ")");
            if (knobs.put(knob.name(), value) != null) {
                throw new SettingException(spec + " (" + given.spelled(CONTAINERS) + ") sets " + knob.name()
                        + " twice, once by its common name: keep one");
            }
        });
        return knobs;
    }

    /** The knob written as {@code written}, by its own name or its common one. */
    private static java.util.Optional<TargetKnob> knobNamed(List<TargetKnob> knobs, String written) {
        return knobs.stream().filter(k -> k.name().equals(written) || written.equals(k.common())).findFirst();
    }

    /**
     * How a target is named wherever it appears: its container, and in brackets what it sets that the
     * baseline does not (as the user wrote it); the baseline shows all it sets. A knob both set alike
     * is left out, so that {@code tomcat[protocol=nio2],tomcat[protocol=nio2,threads=2048]} labels the
     * second {@code tomcat[threads=2048]}.
     */
    private static String label(TargetSpec spec, TargetSpec baselineSpec, Map<String, String> knobs, TargetSettings baseline,
            TargetCatalog catalog) {
        if (baseline == null) {
            return spec.toString();
        }
        Map<String, String> differs = new LinkedHashMap<>();
        List<TargetKnob> own = catalog.knobsOf(spec.container());
        spec.settings().forEach((written, value) -> {
            if (TargetSpec.NOT_KNOBS.contains(written)) {
                if (!value.equals(baselineSpec.settings().get(written))) {
                    differs.put(written, value);
                }
                return;
            }
            TargetKnob knob = knobNamed(own, written).orElseThrow();
            String base = baseline.container().equals(spec.container()) ? baseline.knobs().get(knob.name())
                    : knob.common() == null ? null : baseline.knobs().get(baseline.commonNames().get(knob.common()));
            if (base == null && baseline.container().equals(spec.container())) {
                base = knob.defaultValue();
            }
            if (!value.equals(base)) {
                differs.put(written, value);
            }
        });
        // A version, WAR or jar the baseline names and this target does not: it runs the built one, or the run's.
        for (String key : List.of(TargetSpec.VERSION, TargetSpec.WAR, TargetSpec.JAR)) {
            if (baselineSpec.settings().containsKey(key) && !spec.settings().containsKey(key)) {
                differs.put(key, key.equals(TargetSpec.VERSION) ? "built" : "-D" + key);
            }
        }
        // Nothing differs: the same configuration again, an A/A pair, named as the baseline (#2 follows).
        return differs.isEmpty() && spec.container().equals(baseline.container()) ? baseline.name() : spec.written(differs);
    }

    private static Map<String, String> commonNames(TargetCatalog catalog, String container) {
        Map<String, String> commonNames = new LinkedHashMap<>();
        catalog.knobsOf(container).stream().filter(knob -> knob.common() != null)
                .forEach(knob -> commonNames.put(knob.common(), knob.name()));
        return Map.copyOf(commonNames);
    }

    /** The knobs given for this container, by its own name or by the common one (not both). */
    private static Map<String, String> knobsOf(Given given, TargetCatalog catalog, String container) {
        Map<String, String> knobs = new LinkedHashMap<>();
        for (TargetKnob knob : catalog.knobsOf(container)) {
            boolean byName = given.has(knob.name());
            boolean byCommon = knob.common() != null && !knob.common().equals(knob.name()) && given.has(knob.common());
            if (byName && byCommon) {
                throw new SettingException("both " + given.spelled(knob.name()) + " and " + given.spelled(knob.common())
                        + " are set, and they are the same " + container + " knob: keep one");
            }
            if (byName || byCommon) {
                String written = byName ? knob.name() : knob.common();
                String value = given.value(written);
                knobs.put(knob.name(), checked(knob, container, value, given.spelled(written) + "=" + value));
            }
        }
        return Map.copyOf(knobs);
    }

    /**
     * The value, unless the knob's rule refuses it: here, rather than when the target's JVM exits
     * with its own message, so that no JVM starts (and no study cell is queued) for a value no run
     * can use.
     *
     * @param source where the value came from, as the user wrote it: {@code -Dthreads=0}, or
     *     {@code threads=0 in tomcat[threads=0] (-Dcontainers)}
     */
    private static String checked(TargetKnob knob, String container, String value, String source) {
        if (!knob.rule().allows(value)) {
            throw new SettingException("bad value " + source + ": " + container + "'s " + knob.name() + " accepts " + knob.accepts());
        }
        return value;
    }

    /** A knob of a container not in the run, or a common name one of the run's containers lacks, is an error. */
    private static void refuseForeignKnobs(Given given, TargetCatalog catalog, List<String> containers) {
        for (String chosen : containers) {
            List<TargetKnob> own = catalog.knobsOf(chosen);
            String ownNames = String.join(", ", own.stream().map(TargetKnob::name).toList());
            for (String other : catalog.names()) {
                for (TargetKnob knob : containers.contains(other) ? List.<TargetKnob>of() : catalog.knobsOf(other)) {
                    boolean ownCommon = own.stream().anyMatch(k -> knob.common() != null && knob.common().equals(k.common()));
                    if (knob.common() != null && given.has(knob.common()) && !ownCommon) {
                        throw new SettingException(given.spelled(knob.common()) + " has no counterpart on " + chosen + " (" + other
                                + " calls it " + knob.name() + "); " + chosen + "'s knobs are " + ownNames);
                    }
                    boolean anyChosenHasIt = containers.stream().anyMatch(c -> catalog.knobsOf(c).stream()
                            .anyMatch(k -> k.name().equals(knob.name()) || knob.name().equals(k.common())));
                    if (given.has(knob.name()) && !anyChosenHasIt) {
                        throw new SettingException(given.spelled(knob.name()) + " is a knob of " + other + ", not of "
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
    private static List<TargetSpec> specs(Given given, TargetCatalog catalog) {
        List<String> profiles = list(given.has(RunProperties.CONTAINER_PROFILES) ? given.value(RunProperties.CONTAINER_PROFILES) : "");
        String named = CONTAINER.text(given, "").trim();
        List<TargetSpec> specs = TargetSpec.parseAll(CONTAINERS.text(given, ""), given.spelled(CONTAINERS));
        List<String> several = specs.stream().map(TargetSpec::container).toList();
        if (!named.isEmpty() && !several.isEmpty()) {
            throw new SettingException("both " + given.spelled(CONTAINER) + " and " + given.spelled(CONTAINERS) + " are set: keep"
                    + " one (" + given.spelled(CONTAINERS) + "=" + named + "," + String.join(",", several)
                    + " measures them all in one run)");
        }
        List<String> chosen = several.isEmpty() ? named.isEmpty() ? List.of() : List.of(named) : several;
        if (!chosen.isEmpty() && !profiles.isEmpty()
                && !chosen.stream().distinct().sorted().toList().equals(profiles.stream().sorted().toList())) {
            throw new SettingException((several.isEmpty() ? given.spelled(CONTAINER) + "=" + named
                    : given.spelled(CONTAINERS) + "=" + CONTAINERS.given(given)) + " and -P" + String.join(",", profiles)
                    + " name different containers: keep one");
        }
        List<String> containers = chosen.isEmpty() ? profiles : chosen;
        if (containers.isEmpty() && given.has(RunProperties.APP_JAR)) {
            // A jar of the user's is its own server: the one target that runs it.
            containers = List.of(AppSettings.JAR_TARGET);
        }
        if (containers.isEmpty()) {
            throw new SettingException("no container chosen: run with -P" + String.join(" or -P", catalog.names())
                    + " (or " + given.spelled(CONTAINER) + "=NAME). A profile Maven does not know, such as -Pjboss, chooses nothing:"
                    + " Maven only warns that it could not be activated.");
        }
        containers.forEach(container -> catalog.module(container, given));
        return several.isEmpty() ? containers.stream().map(container -> new TargetSpec(container, Map.of())).toList() : specs;
    }

    private static List<String> list(String value) {
        return Arrays.stream(value.split(",")).map(String::trim).filter(name -> !name.isEmpty()).toList();
    }

    /**
     * This target as one already running at {@code url}: nothing to launch, no knobs to give but what
     * it speaks, which the other injectors' Gatling must speak too.
     */
    public TargetSettings runningAt(URI running) {
        String knob = commonNames.get(Transport.KNOB);
        return new TargetSettings(name, copy, container, running, null, java, jvmArgs, host,
                knob == null || !knobs.containsKey(knob) ? Map.of() : Map.of(knob, knobs.get(knob)), commonNames, TargetBuild.BUILT,
                Profiling.OFF);
    }

    /**
     * What clients speak to it ({@code -Dhttp}, {@link Transport#KNOB}): h1, h1-tls or h2; h1 where its
     * container has no such knob, as the launcher's default is.
     */
    public String http() {
        String knob = commonNames.get(Transport.KNOB);
        return knob == null ? Transport.CLEARTEXT.http() : knobs.getOrDefault(knob, Transport.CLEARTEXT.http());
    }

    /** Whether it serves TLS: h1-tls or h2. */
    public boolean tls() {
        return !http().equals(Transport.CLEARTEXT.http());
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

    /**
     * How long the target keeps an idle connection open, in ms: Tomcat's keepAliveTimeout where set,
     * else its idleTimeout knob (connectionTimeout, noRequestTimeout, idleTimeout); 0 when unknown.
     */
    public long idleTimeoutMillis(TargetCatalog catalog) {
        if (!launched()) {
            return 0;
        }
        String value = knobs.get("keepAliveTimeout");
        for (TargetKnob knob : value == null ? catalog.knobsOf(container) : List.<TargetKnob>of()) {
            if ("idleTimeout".equals(knob.common())) {
                value = knobs.getOrDefault(knob.name(), knob.defaultValue());
            }
        }
        try {
            return value == null ? 0 : Long.parseLong(value);
        } catch (NumberFormatException e) {
            return 0;
        }
    }

    private static URI parseResources(Given given, String url) {
        try {
            URI uri = URI.create(url);
            if ("http".equals(uri.getScheme()) && uri.getHost() != null && uri.getPort() > 0) {
                return uri.getPath() == null || uri.getPath().isEmpty() || uri.getPath().equals("/")
                        ? uri.resolve(ResourceReport.PATH) : uri;
            }
        } catch (IllegalArgumentException e) {
            // reported below
        }
        throw given.bad(RunProperties.TARGET_RESOURCES, url);
    }

    private static URI parseUrl(Given given, String url) {
        try {
            URI uri = URI.create(url.endsWith("/") ? url.substring(0, url.length() - 1) : url);
            if (("http".equals(uri.getScheme()) || "https".equals(uri.getScheme())) && uri.getHost() != null
                    && uri.getQuery() == null) {
                return uri;
            }
        } catch (IllegalArgumentException e) {
            // reported below
        }
        throw given.bad(TARGET_URL, url);
    }
}
