package containerbench.settings;

import static containerbench.settings.RunProperties.BLOCK_SECONDS;
import static containerbench.settings.RunProperties.ROUNDS;


/**
 * How a run with several containers shares each tier between them: rounds of one block per
 * container, the order reversed every other round (A B, B A, A B ...), so that the machine's drift
 * falls on all of them alike and each round pairs every container with the baseline.
 *
 * @param rounds the rounds every tier runs; with {@code precision}, the fewest
 * @param precision rounds added until the intervals are narrow enough, or {@code null}
 */
public record Interleaving(int rounds, int blockSeconds, Precision precision) {

    /** The most rounds a tier may be given, however much time is left: the steps are laid out in advance. */
    static final int MOST_ROUNDS = 100;

    public static Interleaving from(Given given) {
        return new Interleaving(ROUNDS.atLeast(given, 2, Integer.parseInt(ROUNDS.defaultValue())),
                BLOCK_SECONDS.atLeast(given, 1, Integer.parseInt(BLOCK_SECONDS.defaultValue())), Precision.from(given));
    }

    /** Load seconds of one tier of fixed rounds: every round, one block of every target. */
    public int tierSeconds(int targets) {
        return rounds * blockSeconds * targets;
    }

    /** The rounds laid out for each tier: the fixed number, or with precision as many as the time cap could hold. */
    public int roundsLaidOut(int targets) {
        if (precision == null) {
            return rounds;
        }
        return Math.max(rounds, Math.min(MOST_ROUNDS, precision.maxMinutes() * 60 / (blockSeconds * targets)));
    }
}
