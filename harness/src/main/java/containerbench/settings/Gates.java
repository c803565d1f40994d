package containerbench.settings;

import static containerbench.settings.RunProperties.MAX_FAILURE_PERCENT;
import static containerbench.settings.RunProperties.MAX_P99_MS;


/**
 * Optional pass/fail thresholds for every tier, turned into Gatling assertions so that a
 * regression fails the build (in CI); off unless set.
 *
 * @param maxFailurePercent highest accepted failed-request percentage per tier, or null
 * @param maxP99Ms highest accepted 99th percentile response time per tier in ms, or null
 */
public record Gates(Double maxFailurePercent, Integer maxP99Ms) {

    public static Gates from(Given given) {
        String failures = MAX_FAILURE_PERCENT.given(given);
        String p99 = MAX_P99_MS.given(given);
        return new Gates(failures == null ? null : percent(given, MAX_FAILURE_PERCENT, failures), p99 == null ? null : MAX_P99_MS.atLeast(given, p99, 1));
    }

    /** A percentage from 0 to 100 given for {@code property}. */
    static double percent(Given given, Property property, String value) {
        try {
            double parsed = Double.parseDouble(value);
            if (parsed >= 0 && parsed <= 100) {
                return parsed;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw given.bad(property, value);
    }
}
