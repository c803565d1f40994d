package containerbench.settings;

import static containerbench.settings.RunProperties.BLOCK_SECONDS;
import static containerbench.settings.RunProperties.LAUNCHES;
import static containerbench.settings.RunProperties.ROUNDS;


/**
 * How a run with several containers shares each tier between them: rounds of one block per
 * container in a balanced order ({@link BlockOrder}: A B, B A with two), so that the machine's drift
 * and each turn's after-effects fall on all of them alike and each round pairs every container with
 * the baseline. Rounds run in complete sets of the order.
 *
 * @param rounds the rounds every tier runs in each launch, in whole sets; with {@code precision}, the pilot's
 * @param precision rounds added until the intervals are narrow enough, or {@code null}
 * @param launches how many times every target is launched afresh, each launch running every tier
 */
public record Interleaving(int rounds, int blockSeconds, Precision precision, int launches) {

    /** One launch. */
    public Interleaving(int rounds, int blockSeconds, Precision precision) {
        this(rounds, blockSeconds, precision, 1);
    }

    /** The most rounds a tier may be given, however much time is left: the steps are laid out in advance. */
    static final int MOST_ROUNDS = 240;

    /**
     * A closed workload's interleaving: {@link #DEFAULT_LAUNCHES} launches of {@link #ROUNDS_PER_LAUNCH}
     * rounds, or one launch of {@link #DEFAULT_ROUNDS} where launches cannot go yet (precision).
     *
     * @param targets how many targets the run turns between: rounds are rounded up to whole sets of their order
     */
    public static Interleaving from(Given given, int targets) {
        return from(given, targets, true);
    }

    /**
     * @param launched whether the run launches its targets: targets started by someone else cannot be
     *     launched afresh, so they run one launch, and more are refused
     */
    public static Interleaving from(Given given, int targets, boolean launched) {
        if (!launched && given.has(LAUNCHES) && LAUNCHES.atLeast(given, 1, 1) > 1) {
            throw new SettingException(given.spelled(LAUNCHES) + "=" + given.value(LAUNCHES.name()) + " launches every target afresh,"
                    + " and targets at " + given.spelled(RunProperties.TARGET_URL) + " are started by someone else: run once"
                    + " per launch, restarting them in between, or launch them here");
        }
        int launches = !launched ? 1 : LAUNCHES.atLeast(given, 1, given.has(RunProperties.PRECISION) ? 1 : DEFAULT_LAUNCHES);
        return from(given, targets, launches > 1 ? ROUNDS_PER_LAUNCH : DEFAULT_ROUNDS, launches);
    }

    /**
     * Three launches of every target: the launch, not the block, is what differs when the same
     * containers are measured again (docs/method.md), and three are the fewest whose spread, fitted
     * over a run's tiers ({@code PairedRatio.LaunchSpread}), gives the intervals degrees of freedom to
     * spare: up to 12 over six tiers, 2 where launches stray alike at every tier. Each launch costs its start and its warm-up (30-50 s a target here).
     */
    static final int DEFAULT_LAUNCHES = 3;

    /** Four rounds in each of several launches: twelve pairs over three, as one launch had, and whole sets for 2 and 4 targets (3 run 6). */
    static final int ROUNDS_PER_LAUNCH = 4;

    /** Twelve rounds in one launch: 11 degrees of freedom (t = 2.20), and whole sets of the order for 2, 3 and 6 targets (4 run 16). */
    static final int DEFAULT_ROUNDS = 12;

    /**
     * Four rounds of each step of a capacity stair, in one launch: four repeats of the search, each
     * step's length times four, and whole sets of the order for 2 targets (3 and 4 run 6 and 8).
     */
    static final int STAIR_ROUNDS = 4;

    /**
     * Twenty rounds of a precision pilot when none are given: its spread sizes every interval of the
     * tier (Stein's procedure), and the 95% interval of a standard deviation from twelve pairs runs
     * from 0.71 to 1.70 times the estimate (11 degrees of freedom), from twenty 0.76 to 1.46 (19).
     * Fewer can be asked with {@code rounds}, for a quick look.
     */
    static final int PILOT_ROUNDS = 20;

    /** A capacity stair's interleaving: one launch, {@link #STAIR_ROUNDS} rounds of each step. */
    public static Interleaving stair(Given given, int targets) {
        return from(given, targets, STAIR_ROUNDS, 1);
    }

    /** @param rounds the rounds when none are given */
    private static Interleaving from(Given given, int targets, int defaultRounds, int launches) {
        Precision precision = Precision.from(given);
        int rounds = ROUNDS.atLeast(given, 2, precision == null ? defaultRounds : Math.max(defaultRounds, PILOT_ROUNDS));
        return new Interleaving(new BlockOrder(targets).wholeSets(rounds),
                BLOCK_SECONDS.atLeast(given, 1, Integer.parseInt(BLOCK_SECONDS.defaultValue())), precision, launches);
    }

    /** Load seconds of one tier of fixed rounds in one launch: its lead-in round and every round, one block of every target. */
    public int tierSeconds(int targets) {
        return (rounds + (targets > 1 ? 1 : 0)) * blockSeconds * targets;
    }

    /** The rounds laid out for each tier: the fixed number, or with precision as many as the time cap could hold. */
    public int roundsLaidOut(int targets) {
        if (precision == null) {
            return rounds;
        }
        int sets = new BlockOrder(targets).setSize();
        int most = Math.min(MOST_ROUNDS, precision.maxMinutes() * 60 / (blockSeconds * targets)) / sets * sets;
        return Math.max(rounds, most);
    }
}
