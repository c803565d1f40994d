package containerbench.measure;

/**
 * One step of the load, run by the simulation in order: a number of users looping the login against
 * one target for a while, recorded on its own. A one-container run has a warm-up and a step per
 * tier; an interleaved run a warm-up per target and a block per target and round of every tier.
 *
 * @param scenario the step's own name, as Gatling's scenarios need one each ("100 users tomcat, round 2")
 * @param tier the tier's index in the plan, or -1 for a warm-up
 * @param round the round of an interleaved tier (0 first), 0 otherwise
 * @param target which target, by its index in the run (0 is the baseline)
 */
public record Step(TierRecorder recorder, String scenario, int seconds, int tier, int round, int target) {

    /** The request name Gatling's report shows the step under; the blocks of a tier and target share it. */
    public String name() {
        return recorder.name();
    }

    public int users() {
        return recorder.users();
    }

    public boolean warmup() {
        return tier < 0;
    }
}
