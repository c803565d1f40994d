package containerbench.settings;

import static containerbench.settings.RunProperties.TIERS;
import static containerbench.settings.RunProperties.TIER_SECONDS;
import static containerbench.settings.RunProperties.WARMUP_SECONDS;
import static containerbench.settings.RunProperties.WARMUP_USERS;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The load of one run: a warm-up, then each tier of concurrent users held for the same time.
 * Parsed once, before anything starts; the defaults and their reasons are in {@link RunProperties}.
 *
 * @param tiers concurrent users of each tier, in the order they run
 * @param warmupUsers concurrent users of the warm-up, whose requests count in no tier
 */
public record TierPlan(List<Integer> tiers, int tierSeconds, int warmupSeconds, int warmupUsers) {

    /** Parses {@code tiers}, {@code tierSeconds}, {@code warmupSeconds} and {@code warmupUsers}. */
    public static TierPlan from(Map<String, String> properties) {
        String tierList = TIERS.text(properties, TIERS.defaultValue());
        List<Integer> tiers = new ArrayList<>();
        for (String tier : tierList.split(",", -1)) {
            if (tier.isBlank()) {
                throw TIERS.bad(tierList);
            }
            try {
                tiers.add(TIERS.atLeast(tier, 1));
            } catch (SettingException e) {
                throw TIERS.bad(tierList);
            }
        }
        int tierSeconds = TIER_SECONDS.atLeast(properties, 1, Integer.parseInt(TIER_SECONDS.defaultValue()));
        int warmupSeconds = WARMUP_SECONDS.atLeast(properties, 0, Integer.parseInt(WARMUP_SECONDS.defaultValue()));
        int warmupUsers = WARMUP_USERS.atLeast(properties, 1, tiers.get(0));
        return new TierPlan(List.copyOf(tiers), tierSeconds, warmupSeconds, warmupUsers);
    }

    /** The longest the load lasts, without the time a tier's last requests take to return. */
    public int loadSeconds() {
        return warmupSeconds + tiers.size() * tierSeconds;
    }
}
