package containerbench.settings;

import java.util.ArrayList;
import java.util.List;

/**
 * The order in which an interleaved tier turns its targets, round by round: a Williams design. Over
 * one complete set of rounds each target holds each position equally often and follows each other
 * target equally often, so that whatever a turn leaves behind (the last block's garbage, its
 * in-flight requests, a JIT that paused) falls on every target alike. Two targets give A B, B A; four
 * give the 4x4 square ABDC, BCAD, CDBA, DACB; an odd number needs the square and its mirror, 2k rounds.
 * ABC then CBA, the order before this one, put B always right after a switch.
 */
public record BlockOrder(int targets) {

    public BlockOrder {
        if (targets < 1) {
            throw new IllegalArgumentException("an order of " + targets + " targets");
        }
    }

    /** Rounds in one complete set: k for an even number of targets, 2k for an odd one (one for a single target). */
    public int setSize() {
        return targets == 1 ? 1 : targets % 2 == 0 ? targets : 2 * targets;
    }

    /** The targets' indices in the order round {@code round} loads them. */
    public List<Integer> round(int round) {
        int row = round % setSize();
        // The standard first row 0, 1, k-1, 2, k-2, ...; row i adds i; an odd k's second half is the first reversed.
        List<Integer> order = new ArrayList<>();
        for (int position = 0; position < targets; position++) {
            int first = position == 0 ? 0 : position % 2 == 1 ? (position + 1) / 2 : targets - position / 2;
            order.add((first + row) % targets);
        }
        if (row >= targets) {
            java.util.Collections.reverse(order);
        }
        return order;
    }

    /** {@code rounds} rounded up to whole sets: rounds are only ever run in complete sets. */
    public int wholeSets(int rounds) {
        return (rounds + setSize() - 1) / setSize() * setSize();
    }

    /**
     * The longest a target waits between two of its blocks, in blocks: from the end of one to the start
     * of its next, over a set and into the next. Its users' connections lie idle that long.
     */
    public int longestIdleBlocks() {
        int longest = 0;
        int last = -1;
        int[] lastSeen = new int[targets];
        java.util.Arrays.fill(lastSeen, -1);
        for (int round = 0; round < 2 * setSize(); round++) {
            for (int target : round(round)) {
                last++;
                if (lastSeen[target] >= 0) {
                    longest = Math.max(longest, last - lastSeen[target] - 1);
                }
                lastSeen[target] = last;
            }
        }
        return longest;
    }
}
