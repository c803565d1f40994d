package containerbench.measure;

import java.net.URI;
import java.util.List;

/** What the load asks the run while it runs: asked by every virtual user, so each answer is a field read, not a query. */
public interface LoadControl {

    /** Whether {@code step}'s users must still wait: for the other injectors, or for the step's launch of the targets. */
    boolean waiting(Step step);

    /** Whether a target JVM the run launched has exited: the load stops at once. */
    boolean targetDied();

    /** Whether a capacity search has found every target's capacity: the rest of its stair is not run. */
    boolean searched();

    /** The targets' base URLs, in the run's order, of the launch current now. */
    List<URI> baseUrls();
}
