package containerbench.settings;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One target as {@code -Dcontainers} writes it: a container, and in brackets its own knobs and JVM
 * options, {@code tomcat[threads=2048,protocol=nio2]} or {@code undertow[jvmArgs=-Xmx1g]}. Commas
 * inside brackets belong to the target, so that two configurations of one container are two targets
 * of one interleaved run, each in its own JVM.
 *
 * @param settings what the brackets hold, in the order written, under the names written
 */
public record TargetSpec(String container, Map<String, String> settings) {

    /** The key in brackets that holds JVM options (space-separated) rather than a knob. */
    public static final String JVM_ARGS = "jvmArgs";

    /** The key in brackets that names the container's version ({@link TargetBuild}) rather than a knob. */
    public static final String VERSION = "version";

    /** The key in brackets that names the target's own WAR ({@link TargetBuild}) rather than a knob. */
    public static final String WAR = "app.war";

    /** The key in brackets that names the target's own executable jar ({@link TargetBuild}), on the jar target. */
    public static final String JAR = "app.jar";

    /** The key in brackets that profiles this target alone ({@link Profiling}), {@code tomcat,tomcat[profile=cpu]}. */
    public static final String PROFILE = "profile";

    /** The keys in brackets that the harness reads, not the container. */
    static final java.util.Set<String> NOT_KNOBS = java.util.Set.of(JVM_ARGS, VERSION, WAR, JAR, PROFILE);

    public TargetSpec {
        settings = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(settings));
    }

    /**
     * Every target of {@code value}, in order.
     *
     * @param property how the user wrote the property, for the error ({@code -Dcontainers})
     */
    public static List<TargetSpec> parseAll(String value, String property) {
        List<TargetSpec> specs = new ArrayList<>();
        StringBuilder item = new StringBuilder();
        int depth = 0;
        for (char c : (value + ",").toCharArray()) {
            if (c == '[') {
                depth++;
            } else if (c == ']') {
                depth--;
            }
            if (depth < 0 || depth > 1) {
                throw bad(property, value, "brackets must open once and close once per target");
            }
            if (c == ',' && depth == 0) {
                if (!item.toString().isBlank()) {
                    specs.add(parse(item.toString().trim(), property, value));
                }
                item.setLength(0);
            } else {
                item.append(c);
            }
        }
        if (depth != 0) {
            throw bad(property, value, "a bracket is not closed");
        }
        return List.copyOf(specs);
    }

    private static TargetSpec parse(String item, String property, String value) {
        int open = item.indexOf('[');
        if (open < 0) {
            return new TargetSpec(item, Map.of());
        }
        if (!item.endsWith("]") || open == 0) {
            throw bad(property, value, "'" + item + "' is not NAME[knob=value,...]");
        }
        Map<String, String> settings = new LinkedHashMap<>();
        for (String pair : item.substring(open + 1, item.length() - 1).split(",")) {
            int equals = pair.indexOf('=');
            if (equals <= 0 || pair.substring(0, equals).isBlank()) {
                throw bad(property, value, "'" + pair.trim() + "' in " + item + " is not knob=value");
            }
            String key = pair.substring(0, equals).trim();
            if (settings.put(key, pair.substring(equals + 1).trim()) != null) {
                throw bad(property, value, key + " is given twice in " + item);
            }
        }
        return new TargetSpec(item.substring(0, open).trim(), settings);
    }

    private static SettingException bad(String property, String value, String why) {
        return new SettingException("bad value " + property + "=" + value + ": " + why + "; it accepts containers separated"
                + " by commas, each with optional knobs in brackets: tomcat,tomcat[threads=2048,protocol=nio2],"
                + "undertow[jvmArgs=-Xmx1g]");
    }

    /** The knobs in brackets, without the JVM options, the version and the WAR. */
    public Map<String, String> knobs() {
        Map<String, String> knobs = new LinkedHashMap<>(settings);
        knobs.keySet().removeAll(NOT_KNOBS);
        return knobs;
    }

    /** The JVM options in brackets, split on spaces; none when not given. */
    public List<String> jvmArgs() {
        String args = settings.get(JVM_ARGS);
        return args == null ? List.of() : List.of(args.trim().split("\\s+"));
    }

    /** As written: {@code tomcat[threads=2048]}, or the container alone. */
    @Override
    public String toString() {
        return written(settings);
    }

    /** The container with the given subset of its settings in brackets, or alone when there are none. */
    String written(Map<String, String> shown) {
        if (shown.isEmpty()) {
            return container;
        }
        List<String> items = new ArrayList<>();
        shown.forEach((key, value) -> items.add(key + "=" + value));
        return container + "[" + String.join(",", items) + "]";
    }
}
