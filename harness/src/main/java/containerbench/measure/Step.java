package containerbench.measure;

/**
 * One step of the load, run by the simulation in order, its users all starting at once: either a
 * fixed time against one target, recorded on its own, or a {@link Rotation} that the clock turns
 * from target to target (an interleaved tier, an auto warm-up) until it says it is over.
 *
 * @param scenario the step's own name, as Gatling's scenarios need one each
 * @param tier the tier's index in the plan, or -1 for a warm-up
 * @param target which target a fixed step loads, by its index in the run (0 is the baseline)
 * @param recorder what a fixed step records into; {@code null} for a rotation
 * @param rotation the rotation of a turning step; {@code null} for a fixed one
 * @param notBefore when several injectors share the run, the instant (epoch ms) its users start on
 *     every one of them; 0 for at once, when the step before has ended
 */
public record Step(String scenario, int users, int seconds, int tier, int target, TierRecorder recorder, Rotation rotation,
        long notBefore) {

    public Step(String scenario, int users, int seconds, int tier, int target, TierRecorder recorder, Rotation rotation) {
        this(scenario, users, seconds, tier, target, recorder, rotation, 0);
    }

    /** How long its users wait before they start, from now: none unless the step has an instant. */
    public java.time.Duration delay(long nowMillis) {
        return java.time.Duration.ofMillis(Math.max(0, notBefore - nowMillis));
    }

    public boolean warmup() {
        return tier < 0;
    }

    /** The request names Gatling's report shows the step under: "100 users"; "100 users tomcat", "100 users undertow". */
    public java.util.List<String> requests() {
        return recorder == null ? rotation.requests() : java.util.List.of(recorder.name());
    }
}
