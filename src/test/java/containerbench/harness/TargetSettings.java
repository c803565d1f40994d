package containerbench.harness;

import java.net.URI;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What is benchmarked: a container launched in its own JVM (the default), or a server already
 * running at {@code target.url}. Parsed and checked before anything starts.
 *
 * @param url the running target's base URL, or {@code null} to launch one
 * @param knobs the container's knobs given as {@code -Dname=value} or by their common name, passed to it
 *     as {@code --name value}
 * @param commonNames the container's knob for each cross-container name ({@code threads -> maxThreads})
 */
public record TargetSettings(String container, URI url, String java, List<String> jvmArgs, String host,
        Map<String, String> knobs, Map<String, String> commonNames) {

    /** The study started with -Xms512m and allowed 8 GiB; 2 GiB fits a laptop and is ample for this servlet. */
    public static final String DEFAULT_JVM_ARGS = "-Xms512m -Xmx2g";

    public static TargetSettings from(Map<String, String> properties, Path projectRoot) {
        String container = properties.getOrDefault("container", "").trim();
        if (container.isEmpty()) {
            List<String> names = TargetModule.names(projectRoot);
            throw new SettingException("no container chosen: run with -P" + String.join(" or -P", names)
                    + " (or -Dcontainer=NAME). A profile Maven does not know, such as -Pjboss, chooses nothing:"
                    + " Maven only warns that it could not be activated.");
        }
        String java = properties.getOrDefault("target.java", Path.of(System.getProperty("java.home"), "bin", "java").toString());
        List<String> jvmArgs = Arrays.stream(properties.getOrDefault("target.jvmArgs", DEFAULT_JVM_ARGS).trim().split("\\s+"))
                .filter(arg -> !arg.isEmpty()).toList();
        String host = properties.getOrDefault("target.host", "127.0.0.1");
        if (host.isBlank()) {
            throw new SettingException("target.host", host, "an address to bind the target to, such as 127.0.0.1");
        }
        String url = properties.get("target.url");
        Map<String, String> knobs = new LinkedHashMap<>();
        if (url != null) {
            List<String> given = TargetModule.names(projectRoot).stream()
                    .flatMap(name -> TargetModule.of(projectRoot, name).knobNames(java).stream())
                    .filter(properties::containsKey).distinct().toList();
            if (!given.isEmpty()) {
                throw new SettingException("-D" + String.join(", -D", given) + " cannot reach a target started by someone else"
                        + " (-Dtarget.url=" + url + "): set it where that target is started");
            }
            return new TargetSettings(container, parseUrl(url), java, jvmArgs, host, Map.of(), Map.of());
        }
        TargetModule module = TargetModule.of(projectRoot, container);
        Map<String, String> own = module.knobs(java);
        Map<String, String> commonNames = new LinkedHashMap<>();
        own.forEach((name, common) -> {
            if (common != null) {
                commonNames.put(common, name);
            }
        });
        own.forEach((name, common) -> {
            boolean byName = properties.containsKey(name);
            boolean byCommon = common != null && !common.equals(name) && properties.containsKey(common);
            if (byName && byCommon) {
                throw new SettingException("both -D" + name + " and -D" + common + " are set, and they are the same "
                        + container + " knob: keep one");
            }
            if (byName || byCommon) {
                knobs.put(name, properties.get(byName ? name : common));
            }
        });
        for (String other : TargetModule.names(projectRoot)) {
            if (other.equals(container)) {
                continue;
            }
            TargetModule.of(projectRoot, other).knobs(java).forEach((knob, common) -> {
                if (common != null && properties.containsKey(common) && !commonNames.containsKey(common)) {
                    throw new SettingException("-D" + common + " has no counterpart on " + container + " (" + other
                            + " calls it " + knob + "); " + container + "'s knobs are " + String.join(", ", own.keySet()));
                }
                if (properties.containsKey(knob) && !own.containsKey(knob) && !commonNames.containsKey(knob)) {
                    throw new SettingException("-D" + knob + " is a knob of " + other + ", not of " + container
                            + "; " + container + "'s knobs are " + String.join(", ", own.keySet()));
                }
            });
        }
        return new TargetSettings(container, null, java, jvmArgs, host, Map.copyOf(knobs), Map.copyOf(commonNames));
    }

    /** Whether the harness starts the target itself. */
    public boolean launched() {
        return url == null;
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
        throw new SettingException("target.url", url, "the base URL of a running target, such as http://127.0.0.1:18081"
                + " (the servlet is then at http://127.0.0.1:18081/loginServlet)");
    }
}
