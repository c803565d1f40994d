package containerbench.measure;

import java.time.Duration;
import java.util.List;

/**
 * One step of the load, run by the simulation in order: a warm-up or a tier, its users all starting
 * at once, each looping the login for as long as its {@link Rotation} turns, every login to the
 * target of the block current as it leaves.
 *
 * @param scenario the step's own name, as Gatling's scenarios need one each
 * @param kind a target's warm-up, the injector's open warm-up, or a measured tier
 * @param start when several injectors share the run, the instant all of them start its phase; else {@code null}
 * @param offsetMillis with a {@code start}, how long after it this step's users start on every injector
 * @param phase with several injectors, the part of the load whose steps are laid out from one instant: a new
 *     phase starts with each launch of the targets and after each auto warm-up, whose length is decided as it runs
 * @param arrivals an open tier's schedule of arrivals, {@code users} being its rate; {@code null} for users looping
 * @param launch which launch of the targets it loads, 0 first: its users wait until that launch answers
 */
public record Step(String scenario, int users, Kind kind, Rotation rotation, LoadStart start, long offsetMillis,
        Arrivals arrivals, int launch, int phase) {

    /** What a step is for. */
    public sealed interface Kind {
    }

    /** One target's warm-up, by its index in the run: recorded apart, in no tier's figures. */
    public record Warmup(int target) implements Kind {
    }

    /** The injector's own warm-up before open tiers, which turns between every target and is counted nowhere. */
    public record OpenWarmup() implements Kind {
    }

    /** A measured tier, and its index in the plan. */
    public record Measured(Tier tier, int index) implements Kind {
    }

    /** How long its users wait before they start, from now: none unless several injectors share the run. */
    public Duration delay(long nowMillis) {
        return start == null ? Duration.ZERO : Duration.ofMillis(Math.max(0, start.millis() + offsetMillis - nowMillis));
    }

    /** Whether it warms up rather than measures: a target's warm-up or the injector's open one. */
    public boolean warmup() {
        return !(kind instanceof Measured);
    }

    /** Whether it is {@code target}'s own warm-up. */
    public boolean warmupOf(int target) {
        return kind instanceof Warmup warmup && warmup.target() == target;
    }

    /** Whether it measures the tier at {@code index} of the plan. */
    public boolean measures(int index) {
        return kind instanceof Measured measured && measured.index() == index;
    }

    /** Whether its load arrives at a rate (an open tier) rather than from users looping. */
    public boolean open() {
        return arrivals != null;
    }

    /** The request names Gatling's report shows the step under: "100 users"; "100 users tomcat", "100 users undertow". */
    public List<String> requests() {
        return rotation.requests();
    }
}
