package containerbench.results;

import containerbench.measure.Injector;
import containerbench.measure.TierResult;
import java.util.List;
import java.util.Map;

/**
 * How several Gatling injectors shared a run: on one injector's own results, which one it was; on
 * the merged results, what was merged and how well the injectors' windows lined up.
 *
 * @param count the injectors that shared every tier's users
 * @param index this injector's, or {@code null} on merged results
 * @param startAt the instant every injector started its load (ISO-8601)
 * @param merged what was merged, or {@code null} on one injector's own results
 */
public record Injection(int count, Integer index, String startAt, Merged merged) {

    /**
     * @param runs the injectors' run ids, by index
     * @param toleranceMillis how far apart the injectors' tier starts may be before the merge says so
     * @param driftMillis per tier, from the first injector's first request to the last one's
     * @param drifted the tiers whose drift exceeded the tolerance: their windows did not line up
     *     (clocks out of sync, an injector started late)
     * @param injectors each injector's own figures, saturation included
     */
    public record Merged(List<String> runs, long toleranceMillis, Map<String, Long> driftMillis, List<String> drifted,
            List<Part> injectors) {
    }

    /** One injector's own tiers, as its results file holds them. */
    public record Part(int index, String runId, Injector injector, List<TierResult> tiers) {
    }
}
