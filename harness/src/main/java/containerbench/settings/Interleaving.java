package containerbench.settings;

import static containerbench.settings.RunProperties.BLOCK_SECONDS;
import static containerbench.settings.RunProperties.ROUNDS;

import java.util.Map;

/**
 * How a run with several containers shares each tier between them: rounds of one block per
 * container, the order reversed every other round (A B, B A, A B ...), so that the machine's drift
 * falls on all of them alike and each round pairs every container with the baseline.
 */
public record Interleaving(int rounds, int blockSeconds) {

    public static Interleaving from(Map<String, String> properties) {
        return new Interleaving(ROUNDS.atLeast(properties, 2, Integer.parseInt(ROUNDS.defaultValue())),
                BLOCK_SECONDS.atLeast(properties, 1, Integer.parseInt(BLOCK_SECONDS.defaultValue())));
    }

    /** Load seconds of one tier: every round, one block of every target. */
    public int tierSeconds(int targets) {
        return rounds * blockSeconds * targets;
    }
}
