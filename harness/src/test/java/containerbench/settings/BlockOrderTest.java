package containerbench.settings;

import static org.junit.jupiter.api.Assertions.assertEquals;

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
    void fourTargetsFormAWilliamsSquare() {
        BlockOrder order = new BlockOrder(4);
        assertEquals(List.of(List.of(0, 1, 3, 2), List.of(1, 2, 0, 3), List.of(2, 3, 1, 0), List.of(3, 0, 2, 1)),
                List.of(order.round(0), order.round(1), order.round(2), order.round(3)));
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
        assertEquals(5, new BlockOrder(4).longestIdleBlocks(), "0132 then 1203: target 0 waits five blocks (2k - 2 bounds it)");
    }
}
