package containerbench.settings;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.Deque;
import java.util.List;

/**
 * The order in which an interleaved tier turns its targets, round by round, balanced over the whole
 * stream of blocks and not only inside a round. The rounds of a set are the rows of Williams squares
 * (Williams 1949): each target holds each position equally often and follows each other target
 * equally often inside a round. The set's rounds are then chained so that every round starts with
 * the target the round before it ended with (an Eulerian circuit through the rows, Hierholzer's
 * algorithm), the last round included, into the first of the next set: at every junction a target
 * follows itself. Over a set every target is preceded by every target, itself included, equally
 * often: a serially balanced sequence (Finney and Outhwaite 1956), so that whatever a block leaves
 * behind (its garbage, its in-flight requests, a JIT that paused) falls on every target alike.
 *
 * <p>Two targets give A B, B A. The rows of one Williams square chain into one circuit only for two
 * targets and for none other that is even (its rows run from i to i + k/2: circuits of two rows),
 * so an even number from four on takes the square and a relabelled one, and an odd number the square
 * and its mirror, as Williams's design for an odd number always did: sets of 2k rounds.
 *
 * <p>Each tier opens with the next target ({@link #forTier}), so that no target always opens a
 * tier, and a tier is preceded by its lead-in ({@link #leadIn}): the row before its first, run
 * unmeasured, so that the first measured block follows what the circuit says it follows and every
 * target's users have their connections before anything is measured.
 *
 * @param firstRow the row of the set the tier starts at
 */
public record BlockOrder(int targets, int firstRow) {

    public BlockOrder {
        if (targets < 1) {
            throw new IllegalArgumentException("an order of " + targets + " targets");
        }
    }

    /** The order of a tier that starts at the set's first row. */
    public BlockOrder(int targets) {
        this(targets, 0);
    }

    /**
     * The order of the tier at {@code tierIndex} in the plan: tier t opens with target t mod k, at the
     * first row of the set that starts with it, then at the second (from three targets on each starts two).
     */
    public BlockOrder forTier(int tierIndex) {
        int opener = Math.floorMod(tierIndex, targets);
        int nth = Math.floorMod(tierIndex / targets, setSize() / targets);
        List<List<Integer>> circuit = circuit();
        for (int row = 0; row < circuit.size(); row++) {
            if (circuit.get(row).get(0) == opener && nth-- == 0) {
                return new BlockOrder(targets, row);
            }
        }
        throw new IllegalStateException("no row of " + circuit + " starts with " + opener);
    }

    /** Rounds in one complete set: one for a single target, two for two, 2k from three on. */
    public int setSize() {
        return targets == 1 ? 1 : targets == 2 ? 2 : 2 * targets;
    }

    /** The targets' indices in the order round {@code round} of the tier loads them. */
    public List<Integer> round(int round) {
        return circuit().get(Math.floorMod(firstRow + round, setSize()));
    }

    /** The round run unmeasured before the tier's first: the row before it in the circuit; none for one target. */
    public List<Integer> leadIn() {
        return targets == 1 ? List.of() : round(-1);
    }

    /** The set's rows, each starting with the target the one before it ended with, the first after the last. */
    private List<List<Integer>> circuit() {
        List<List<Integer>> rows = rows();
        boolean[] used = new boolean[rows.size()];
        Deque<Integer> at = new ArrayDeque<>(List.of(0));
        Deque<Integer> through = new ArrayDeque<>(List.of(-1));
        List<List<Integer>> circuit = new ArrayList<>();
        while (!at.isEmpty()) {
            int next = -1;
            for (int r = 0; r < rows.size() && next < 0; r++) {
                next = !used[r] && rows.get(r).get(0).equals(at.peek()) ? r : -1;
            }
            if (next >= 0) {
                used[next] = true;
                at.push(rows.get(next).get(targets - 1));
                through.push(next);
            } else {
                at.pop();
                int row = through.pop();
                if (row >= 0) {
                    circuit.add(0, rows.get(row));
                }
            }
        }
        return circuit;
    }

    /** The rows of the set before they are chained: the square, then its mirror (odd) or a relabelled square (even, four on). */
    private List<List<Integer>> rows() {
        List<List<Integer>> rows = new ArrayList<>();
        for (int row = 0; row < targets; row++) {
            rows.add(williams(row));
        }
        if (targets >= 3) {
            int half = targets / 2;
            for (int row = 0; row < targets; row++) {
                List<Integer> second = new ArrayList<>(williams(row));
                if (targets % 2 == 1) {
                    Collections.reverse(second);
                } else {
                    // The upper half shifted by one: the square's circuits {i, i + k/2} joined into one.
                    second.replaceAll(t -> t < half ? t : half + (t - half + 1) % half);
                }
                rows.add(second);
            }
        }
        return rows;
    }

    /** Row {@code row} of the standard Williams square: 0, 1, k-1, 2, k-2, ... plus the row's number. */
    private List<Integer> williams(int row) {
        List<Integer> order = new ArrayList<>();
        for (int position = 0; position < targets; position++) {
            int first = position == 0 ? 0 : position % 2 == 1 ? (position + 1) / 2 : targets - position / 2;
            order.add((first + row) % targets);
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
        Arrays.fill(lastSeen, -1);
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
