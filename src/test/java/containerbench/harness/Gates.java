package containerbench.harness;

import java.util.Map;

/**
 * Optional pass/fail thresholds for every tier, turned into Gatling assertions so that a
 * regression fails the build (in CI); off unless set.
 *
 * @param maxFailurePercent highest accepted failed-request percentage per tier, or null
 * @param maxP99Ms highest accepted 99th percentile response time per tier in ms, or null
 */
public record Gates(Double maxFailurePercent, Integer maxP99Ms) {

    public static Gates from(Map<String, String> properties) {
        Double failures = null;
        Integer p99 = null;
        String value = properties.get("maxFailurePercent");
        if (value != null) {
            try {
                failures = Double.parseDouble(value);
            } catch (NumberFormatException e) {
                failures = -1.0;
            }
            if (!(failures >= 0 && failures <= 100)) {
                throw new SettingException("maxFailurePercent", value, "a percentage from 0 to 100");
            }
        }
        value = properties.get("maxP99Ms");
        if (value != null) {
            try {
                p99 = Integer.parseInt(value);
            } catch (NumberFormatException e) {
                p99 = 0;
            }
            if (p99 < 1) {
                throw new SettingException("maxP99Ms", value, "a whole number of milliseconds >= 1");
            }
        }
        return new Gates(failures, p99);
    }
}
