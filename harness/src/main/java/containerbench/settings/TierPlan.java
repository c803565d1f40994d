package containerbench.settings;

import static containerbench.settings.RunProperties.TIERS;
import static containerbench.settings.RunProperties.TIER_SECONDS;
import static containerbench.settings.RunProperties.WARMUP_MAX_SECONDS;
import static containerbench.settings.RunProperties.WARMUP_SECONDS;
import static containerbench.settings.RunProperties.WARMUP_USERS;

import java.util.ArrayList;
import java.util.List;

/**
 * The load of one run: a warm-up, then each tier of concurrent users held for the same time.
 * Parsed once, before anything starts; the defaults and their reasons are in {@link RunProperties}.
 *
 * @param tiers concurrent users of each tier, in the order they run
 * @param warmupSeconds the warm-up's length; with {@code autoWarmup}, the longest it may last
 * @param warmupUsers concurrent users of the warm-up, whose requests count in no tier
 * @param autoWarmup warm each target until it is steady rather than for a fixed time
 * @param open the open workload whose rates the tiers are, or {@code null} for tiers of users
 * @param connections how the load reuses connections ({@code -Dconnections})
 * @param client what sends the measured load ({@code -Dclient})
 */
public record TierPlan(List<Integer> tiers, int tierSeconds, int warmupSeconds, int warmupUsers, boolean autoWarmup,
        OpenModel open, Connections connections, LoadClient client) {

    /** A plan sent by Gatling, the default client. */
    public TierPlan(List<Integer> tiers, int tierSeconds, int warmupSeconds, int warmupUsers, boolean autoWarmup, OpenModel open,
            Connections connections) {
        this(tiers, tierSeconds, warmupSeconds, warmupUsers, autoWarmup, open, connections, LoadClient.GATLING);
    }

    /** A closed plan: tiers of concurrent users, each over its own keep-alive connection. */
    public TierPlan(List<Integer> tiers, int tierSeconds, int warmupSeconds, int warmupUsers, boolean autoWarmup) {
        this(tiers, tierSeconds, warmupSeconds, warmupUsers, autoWarmup, null);
    }

    /** A plan whose connections are its workload's default. */
    public TierPlan(List<Integer> tiers, int tierSeconds, int warmupSeconds, int warmupUsers, boolean autoWarmup, OpenModel open) {
        this(tiers, tierSeconds, warmupSeconds, warmupUsers, autoWarmup, open, Connections.defaultFor(open != null));
    }

    /** An open workload's warm-up: closed, as the JIT needs load and not a schedule, with this many users by default. */
    static final int OPEN_WARMUP_USERS = 50;

    /** The auto warm-up's window: long enough for a figure, short enough to stop soon after the JIT settles. */
    public static final int WARMUP_WINDOW_SECONDS = 5;

    /** Parses the plan of a run of one container. */
    public static TierPlan from(Given given) {
        return from(given, false);
    }

    /**
     * Parses {@code tiers}, {@code tierSeconds}, {@code warmupSeconds}, {@code warmupMaxSeconds} and
     * {@code warmupUsers}; {@code several} containers warm up until steady unless told otherwise.
     */
    public static TierPlan from(Given given, boolean several) {
        OpenModel open = OpenModel.from(given);
        String tierList = TIERS.text(given, TIERS.defaultValue());
        List<Integer> tiers = new ArrayList<>();
        for (String tier : open != null ? new String[0] : tierList.split(",", -1)) {
            if (tier.isBlank()) {
                throw given.bad(TIERS, tierList);
            }
            try {
                tiers.add(TIERS.atLeast(given, tier, 1));
            } catch (SettingException e) {
                throw given.bad(TIERS, tierList);
            }
        }
        if (open != null) {
            tiers.addAll(open.rates());
        }
        int tierSeconds = TIER_SECONDS.atLeast(given, 1, Integer.parseInt(TIER_SECONDS.defaultValue()));
        String warmup = WARMUP_SECONDS.text(given, several ? "auto" : "30").trim();
        boolean auto = warmup.equals("auto");
        if (!auto && given.has(WARMUP_MAX_SECONDS)) {
            throw new SettingException(given.spelled(WARMUP_MAX_SECONDS) + " caps " + given.spelled(WARMUP_SECONDS)
                    + "=auto, and the warm-up here is " + warmup + " s");
        }
        int warmupSeconds = auto ? WARMUP_MAX_SECONDS.atLeast(given, 30,
                Integer.parseInt(WARMUP_MAX_SECONDS.defaultValue())) : WARMUP_SECONDS.atLeast(given, warmup, 0);
        int warmupUsers = WARMUP_USERS.atLeast(given, 1, open != null ? OPEN_WARMUP_USERS : tiers.get(0));
        return new TierPlan(List.copyOf(tiers), tierSeconds, warmupSeconds, warmupUsers, auto, open,
                Connections.from(given, open != null), LoadClient.from(given));
    }

    /** Whether the tiers are arrival rates (an open workload) rather than concurrent users. */
    public boolean arrivesAtRates() {
        return open != null;
    }

    /** The longest the load lasts, without the time a tier's last requests take to return. */
    public int loadSeconds() {
        return warmupSeconds + tiers.size() * tierSeconds;
    }
}
