package containerbench.measure;

import java.time.Duration;
import java.util.List;

/**
 * One step of the load, run by the simulation in order: a warm-up or a tier, its users all starting
 * at once, each looping the login for as long as its {@link Rotation} turns, every login to the
 * target of the block current as it leaves.
 *
 * @param scenario the step's own name, as Gatling's scenarios need one each
 * @param tier the tier's index in the plan, or -1 for a warm-up
 * @param target the target a warm-up loads, by its index in the run; 0 for a tier, -1 for the injector's
 *     warm-up before open tiers, which turns between all targets
 * @param start when several injectors share the run, the instant all of them start its phase; else {@code null}
 * @param offsetMillis with a {@code start}, how long after it this step's users start on every injector
 * @param phase with several injectors, the part of the load whose steps are laid out from one instant: a new
 *     phase starts with each launch of the targets and after each auto warm-up, whose length is decided as it runs
 * @param arrivals an open tier's schedule of arrivals, {@code users} being its rate; {@code null} for users looping
 * @param launch which launch of the targets it loads, 0 first: its users wait until that launch answers
 */
public record Step(String scenario, int users, int tier, int target, Rotation rotation, LoadStart start, long offsetMillis,
        Arrivals arrivals, int launch, int phase) {

    /** How long its users wait before they start, from now: none unless several injectors share the run. */
    public Duration delay(long nowMillis) {
        return start == null ? Duration.ZERO : Duration.ofMillis(Math.max(0, start.millis() + offsetMillis - nowMillis));
    }

    public boolean warmup() {
        return tier < 0;
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
