package containerbench.settings;

import static containerbench.settings.RunProperties.MAX_MINUTES;
import static containerbench.settings.RunProperties.PRECISION;


/**
 * Precision on demand for an interleaved run: rounds are added to a tier until every ratio's 95%
 * interval is within ±{@code percent}, or until the load has used its share of {@code maxMinutes}.
 */
public record Precision(double percent, int maxMinutes) {

    /** The precision asked for, or {@code null} for a fixed number of rounds. */
    public static Precision from(Given given) {
        String value = PRECISION.given(given);
        if (value == null) {
            if (given.has(MAX_MINUTES)) {
                throw new SettingException(given.spelled(MAX_MINUTES) + " caps " + given.spelled(PRECISION) + ", which is not set");
            }
            return null;
        }
        double percent;
        try {
            percent = Double.parseDouble(value);
        } catch (NumberFormatException e) {
            throw given.bad(PRECISION, value);
        }
        if (!(percent > 0)) {
            throw given.bad(PRECISION, value);
        }
        return new Precision(percent, MAX_MINUTES.atLeast(given, 1, Integer.parseInt(MAX_MINUTES.defaultValue())));
    }
}
