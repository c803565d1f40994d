package containerbench.harness;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The load of one run: a warm-up, then each tier of concurrent users held for the same time.
 * Parsed once, before anything starts, from the {@code -D} properties of the run.
 *
 * @param tiers concurrent users of each tier, in the order they run
 * @param warmupUsers concurrent users of the warm-up, whose requests count in no tier
 */
public record TierPlan(List<Integer> tiers, int tierSeconds, int warmupSeconds, int warmupUsers) {

    /** The study's tiers. */
    public static final String DEFAULT_TIERS = "100,200,300,500,1000,2000";

    /**
     * 15 s per tier: long enough that the connections opened at a tier's start weigh little in
     * its figure, short enough that six tiers fit in under two minutes. How well it repeats on
     * 2 cores is measured, not assumed: BENCHMARKS.md.
     */
    public static final int DEFAULT_TIER_SECONDS = 15;

    /**
     * 30 s of warm-up: a target JVM on one core needs about 30 s of load before the JIT settles
     * (Tomcat per 5 s: 10.5k, 32.9k, 46.2k, 69.7k requests, then flat); less measures the compiler.
     */
    public static final int DEFAULT_WARMUP_SECONDS = 30;

    /** Parses {@code tiers}, {@code tierSeconds}, {@code warmupSeconds} and {@code warmupUsers}. */
    public static TierPlan from(Map<String, String> properties) {
        String tierList = properties.getOrDefault("tiers", DEFAULT_TIERS);
        List<Integer> tiers = new ArrayList<>();
        for (String tier : tierList.split(",", -1)) {
            tiers.add(positive("tiers", tier.trim(), tierList, "a comma-separated list of user counts, each >= 1, for example " + DEFAULT_TIERS));
        }
        int tierSeconds = positive(properties, "tierSeconds", DEFAULT_TIER_SECONDS, "a whole number of seconds >= 1");
        int warmupSeconds = whole(properties, "warmupSeconds", DEFAULT_WARMUP_SECONDS);
        int warmupUsers = positive(properties, "warmupUsers", tiers.get(0), "a number of users >= 1 (default: the first tier's)");
        return new TierPlan(List.copyOf(tiers), tierSeconds, warmupSeconds, warmupUsers);
    }

    /** The longest the load lasts, without the time a tier's last requests take to return. */
    public int loadSeconds() {
        return warmupSeconds + tiers.size() * tierSeconds;
    }

    private static int positive(Map<String, String> properties, String name, int fallback, String accepts) {
        String value = properties.get(name);
        return value == null ? fallback : positive(name, value.trim(), value, accepts);
    }

    private static int whole(Map<String, String> properties, String name, int fallback) {
        String value = properties.get(name);
        if (value == null) {
            return fallback;
        }
        try {
            int parsed = Integer.parseInt(value.trim());
            if (parsed >= 0) {
                return parsed;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw new SettingException(name, value, "a whole number of seconds >= 0 (0 skips the warm-up)");
    }

    private static int positive(String name, String text, String value, String accepts) {
        try {
            int parsed = Integer.parseInt(text);
            if (parsed >= 1) {
                return parsed;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw new SettingException(name, value, accepts);
    }
}
