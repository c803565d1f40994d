package containerbench.settings;

import static containerbench.settings.RunProperties.INJECTORS;
import static containerbench.settings.RunProperties.INJECTOR_INDEX;
import static containerbench.settings.RunProperties.START_AT;

import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.List;
import java.util.Map;

/**
 * This injector's part of a run that several Gatling injectors share: how many there are, which
 * one this is, and the instant all of them start, so that every tier's windows line up.
 *
 * @param count the injectors sharing every tier's users; 1 for a run of its own
 * @param index this one's, 0 to count - 1
 * @param startAt when every injector starts its first step; {@code null} while a local run has not chosen it
 * @param local whether this JVM runs injector 0 and starts the others on this machine (no {@code injector.index} given)
 */
public record InjectorShare(int count, int index, Instant startAt, boolean local) {

    public static final InjectorShare ALONE = new InjectorShare(1, 0, null, false);

    private static final int MAX = 64;

    /**
     * @param tiers the plan's tiers, each of which must give every injector a user
     * @param several whether the run has several targets (then one injector only)
     * @param launches whether this injector launches the target (else it is at target.url)
     */
    static InjectorShare from(Map<String, String> properties, List<Integer> tiers, boolean several, boolean launches,
            String prefix) {
        int count = INJECTORS.atLeast(properties, 1, 1);
        if (count > MAX) {
            throw INJECTORS.bad(properties.get(INJECTORS.name()));
        }
        String index = INJECTOR_INDEX.given(properties);
        String start = START_AT.given(properties);
        if (count == 1) {
            if (index != null || start != null) {
                throw new SettingException(prefix + (index != null ? INJECTOR_INDEX : START_AT).name() + " is for one injector of"
                        + " several: set " + prefix + INJECTORS.name() + "=N too");
            }
            return ALONE;
        }
        if (several) {
            throw new SettingException(prefix + INJECTORS.name() + " shares one container's load; an interleaved run of several"
                    + " containers has one injector");
        }
        int smallest = tiers.stream().mapToInt(Integer::intValue).min().orElse(count);
        if (smallest < count) {
            throw new SettingException("a tier of " + smallest + " users cannot give each of " + count + " injectors a user");
        }
        if (index == null) {
            if (start != null) {
                throw new SettingException(prefix + START_AT.name() + " goes with " + prefix + INJECTOR_INDEX.name()
                        + ": without it this run starts all " + count + " injectors itself and chooses the instant");
            }
            if (!launches) {
                throw new SettingException(prefix + INJECTORS.name() + " without " + prefix + INJECTOR_INDEX.name()
                        + " launches the target and its injectors on this machine; for a target at " + prefix
                        + RunProperties.TARGET_URL.name() + " run each injector with " + prefix + INJECTOR_INDEX.name());
            }
            return new InjectorShare(count, 0, null, true);
        }
        int i = INJECTOR_INDEX.atLeast(index, 0);
        if (i >= count) {
            throw INJECTOR_INDEX.bad(index);
        }
        if (start == null) {
            throw new SettingException(prefix + INJECTOR_INDEX.name() + " needs " + prefix + START_AT.name()
                    + ", the same instant for every injector, for example " + prefix + START_AT.name() + "="
                    + Instant.now().plusSeconds(120).truncatedTo(java.time.temporal.ChronoUnit.MINUTES));
        }
        Instant at;
        try {
            at = Instant.parse(start);
        } catch (DateTimeParseException e) {
            throw START_AT.bad(start);
        }
        if (at.isBefore(Instant.now().minusSeconds(1))) {
            throw new SettingException(prefix + START_AT.name() + "=" + start + " has passed: every injector must be started"
                    + " before it, with the same instant");
        }
        if (i > 0 && launches) {
            throw new SettingException("injector " + i + " of " + count + " loads a target at " + prefix
                    + RunProperties.TARGET_URL.name() + " (only injector 0 may launch it)");
        }
        return new InjectorShare(count, i, at, false);
    }

    public boolean alone() {
        return count == 1;
    }

    /** This injector's users of a tier: an equal share, the first ones taking one more while some are left over. */
    public int usersOf(int users) {
        return users / count + (index < users % count ? 1 : 0);
    }

    /** The same share, starting at {@code instant}. */
    public InjectorShare startingAt(Instant instant) {
        return new InjectorShare(count, index, instant, local);
    }
}
