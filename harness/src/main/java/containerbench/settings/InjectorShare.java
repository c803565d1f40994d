package containerbench.settings;

import static containerbench.settings.RunProperties.INJECTORS;
import static containerbench.settings.RunProperties.INJECTOR_INDEX;
import static containerbench.settings.RunProperties.START_AT;

import java.nio.file.Path;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.List;

/**
 * This injector's part of a run that several Gatling injectors share: how many there are, which
 * one this is, and the instant all of them start, so that every tier's windows line up.
 *
 * @param count the injectors sharing every tier's users; 1 for a run of its own
 * @param index this one's, 0 to count - 1
 * @param startAt when every injector starts its first step; {@code null} while a local run has not chosen it
 * @param local whether this JVM runs injector 0 and starts the others on this machine (no {@code injector.index} given)
 * @param startFile where the instant will appear once every injector is ready ({@code -Dstart.at=file:PATH}, the start
 *     barrier of a run on Kubernetes, whose command writes it there); {@code null} when the instant is given or chosen here
 */
public record InjectorShare(int count, int index, Instant startAt, boolean local, Path startFile) {

    public static final InjectorShare ALONE = new InjectorShare(1, 0, null, false);

    /** What {@code start.at=file:} is followed by: the file the instant will be written into. */
    public static final String START_FILE = "file:";

    public InjectorShare(int count, int index, Instant startAt, boolean local) {
        this(count, index, startAt, local, null);
    }

    private static final int MAX = 64;

    /**
     * @param tiers the plan's tiers, each of which must give every injector a user
     * @param several whether the run has several targets (then its injectors all on this machine, unless the targets are
     *     started by someone else)
     * @param launches whether this injector launches the target (else it is at target.url)
     */
    static InjectorShare from(Given given, List<Integer> tiers, boolean several, boolean launches) {
        int count = INJECTORS.atLeast(given, 1, 1);
        if (count > MAX) {
            throw given.bad(INJECTORS, given.value(INJECTORS.name()));
        }
        String index = INJECTOR_INDEX.given(given);
        String start = START_AT.given(given);
        if (count == 1) {
            if (index != null || start != null) {
                throw new SettingException(given.spelled(index != null ? INJECTOR_INDEX : START_AT) + " is for one injector of"
                        + " several: set " + given.spelled(INJECTORS) + "=N too");
            }
            return ALONE;
        }
        int smallest = tiers.stream().mapToInt(Integer::intValue).min().orElse(count);
        if (smallest < count) {
            throw new SettingException("a tier of " + smallest + " users cannot give each of " + count + " injectors a user");
        }
        if (index == null) {
            if (start != null) {
                throw new SettingException(given.spelled(START_AT) + " goes with " + given.spelled(INJECTOR_INDEX)
                        + ": without it this run starts all " + count + " injectors itself and chooses the instant");
            }
            if (!launches) {
                throw new SettingException(given.spelled(INJECTORS) + " without " + given.spelled(INJECTOR_INDEX)
                        + " launches the target and its injectors on this machine; for a target at "
                        + given.spelled(RunProperties.TARGET_URL) + " run each injector with " + given.spelled(INJECTOR_INDEX));
            }
            return new InjectorShare(count, 0, null, true);
        }
        if (several && launches) {
            // Injectors on machines of their own cannot relaunch the targets between launches together.
            throw new SettingException(given.spelled(INJECTOR_INDEX) + " with several containers loads targets started by someone"
                    + " else, one URL each (" + given.spelled(RunProperties.TARGET_URL) + "=URL,URL); containers this run launches"
                    + " share injectors on this machine (" + given.spelled(INJECTORS) + " without " + given.spelled(INJECTOR_INDEX) + ")");
        }
        int i = INJECTOR_INDEX.atLeast(given, index, 0);
        if (i >= count) {
            throw given.bad(INJECTOR_INDEX, index);
        }
        if (start == null) {
            throw new SettingException(given.spelled(INJECTOR_INDEX) + " needs " + given.spelled(START_AT)
                    + ", the same instant for every injector, for example " + given.spelled(START_AT) + "="
                    + Instant.now().plusSeconds(120).truncatedTo(java.time.temporal.ChronoUnit.MINUTES));
        }
        if (start.startsWith(START_FILE) && start.length() > START_FILE.length()) {
            return checkedLoad(given, i, count, launches, new InjectorShare(count, i, null, false,
                    Path.of(start.substring(START_FILE.length()))));
        }
        Instant at;
        try {
            at = Instant.parse(start);
        } catch (DateTimeParseException e) {
            throw given.bad(START_AT, start);
        }
        if (at.isBefore(Instant.now().minusSeconds(1))) {
            throw new SettingException(given.spelled(START_AT) + "=" + start + " has passed: every injector must be started"
                    + " before it, with the same instant");
        }
        return checkedLoad(given, i, count, launches, new InjectorShare(count, i, at, false));
    }

    private static InjectorShare checkedLoad(Given given, int i, int count, boolean launches, InjectorShare share) {
        if (i > 0 && launches) {
            throw new SettingException("injector " + i + " of " + count + " loads a target at "
                    + given.spelled(RunProperties.TARGET_URL) + " (only injector 0 may launch it)");
        }
        return share;
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
        return new InjectorShare(count, index, instant, local, startFile);
    }
}
