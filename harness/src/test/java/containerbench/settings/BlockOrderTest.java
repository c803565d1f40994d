package containerbench.settings;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class BlockOrderTest {

    @Test
    void twoTargetsTurnAsBefore() {
        BlockOrder order = new BlockOrder(2);
        assertEquals(List.of(List.of(0, 1), List.of(1, 0), List.of(0, 1)), List.of(order.round(0), order.round(1), order.round(2)));
        assertEquals(2, order.setSize());
    }

    @Test
    void threeTargetsChainTheSquareAndItsMirrorEachRoundStartingWhereTheLastEnded() {
        BlockOrder order = new BlockOrder(3);
        assertEquals(List.of(List.of(0, 1, 2), List.of(2, 0, 1), List.of(1, 2, 0), List.of(0, 2, 1), List.of(1, 0, 2), List.of(2, 1, 0)),
                java.util.stream.IntStream.range(0, 6).mapToObj(order::round).toList());
        assertEquals(List.of(2, 1, 0), order.leadIn(), "the round before the first: the last of the set");
        assertEquals(List.of(1, 2, 0), order.forTier(1).round(0), "the next tier opens with the next target");
        assertEquals(List.of(), new BlockOrder(1).leadIn(), "one target has no lead-in");
    }

    @Test
    void atEveryJunctionATargetFollowsItselfAndTheSetIsOneCircuit() {
        for (int k = 2; k <= 8; k++) {
            BlockOrder order = new BlockOrder(k);
            assertEquals(k == 2 ? 2 : 2 * k, order.setSize());
            assertEquals(order.setSize(), java.util.stream.IntStream.range(0, order.setSize()).mapToObj(order::round).distinct().count(),
                    k + " targets: every row of the set once");
            for (int round = 0; round < 2 * order.setSize(); round++) {
                assertEquals(order.round(round).get(k - 1), order.round(round + 1).get(0), k + " targets, round " + round);
            }
        }
    }

    @Test
    void overAWholeRunEveryTargetIsPrecededByEveryTargetItselfIncludedEquallyOften() {
        for (int k : List.of(2, 3, 4, 5, 6)) {
            for (int tiers : List.of(1, 2, 6)) {
                BlockOrder order = new BlockOrder(k);
                int rounds = order.wholeSets(12);
                // Counted over the measured blocks; a tier's lead-in is run, not measured, and precedes its first.
                int[][] preceded = new int[k][k];
                java.util.Set<Integer> opening = new java.util.HashSet<>();
                for (int tier = 0; tier < tiers; tier++) {
                    BlockOrder ofTier = order.forTier(tier);
                    int previous = ofTier.leadIn().get(k - 1);
                    opening.add(ofTier.round(0).get(0));
                    for (int round = 0; round < rounds; round++) {
                        for (int target : ofTier.round(round)) {
                            preceded[target][previous]++;
                            previous = target;
                        }
                    }
                }
                for (int target = 0; target < k; target++) {
                    int[] counts = preceded[target];
                    int most = java.util.Arrays.stream(counts).max().orElseThrow();
                    int fewest = java.util.Arrays.stream(counts).min().orElseThrow();
                    assertTrue(most - fewest <= 1, k + " targets, " + tiers + " tiers: target " + target + " preceded "
                            + java.util.Arrays.toString(counts));
                }
                assertEquals(Math.min(tiers, k), opening.size(), k + " targets, " + tiers + " tiers: each tier opens with the next target");
            }
        }
    }

    @Test
    void overOneSetEveryTargetHoldsEveryPlaceAndFollowsEveryOtherEquallyOften() {
        for (int k = 2; k <= 7; k++) {
            BlockOrder order = new BlockOrder(k);
            int[][] positions = new int[k][k];
            Map<List<Integer>, Integer> follows = new HashMap<>();
            for (int round = 0; round < order.setSize(); round++) {
                List<Integer> turn = order.round(round);
                assertEquals(k, turn.stream().distinct().count(), "each target once per round: " + turn);
                for (int p = 0; p < k; p++) {
                    positions[turn.get(p)][p]++;
                    if (p > 0) {
                        follows.merge(List.of(turn.get(p - 1), turn.get(p)), 1, Integer::sum);
                    }
                }
            }
            int perPlace = order.setSize() / k;
            for (int[] target : positions) {
                for (int count : target) {
                    assertEquals(perPlace, count, k + " targets: every place equally often");
                }
            }
            assertEquals(k * (k - 1), follows.size(), k + " targets: every ordered pair follows within a round");
            assertEquals(1, follows.values().stream().distinct().count(), k + " targets: each equally often: " + follows);
        }
    }

    @Test
    void roundsComeInWholeSetsAndTheLongestIdleIsCounted() {
        assertEquals(12, new BlockOrder(2).wholeSets(11));
        assertEquals(12, new BlockOrder(3).wholeSets(7), "an odd number needs the square and its mirror: sets of 6");
        assertEquals(16, new BlockOrder(4).wholeSets(13));
        assertEquals(2, new BlockOrder(2).longestIdleBlocks(), "A B | B A | A B: A waits two blocks");
        assertEquals(6, new BlockOrder(4).longestIdleBlocks(), "first in one round, last in the next: 2k - 2 blocks");
    }
}
