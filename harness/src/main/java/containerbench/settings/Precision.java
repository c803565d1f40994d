package containerbench.settings;

import static containerbench.settings.RunProperties.MAX_MINUTES;
import static containerbench.settings.RunProperties.PRECISION;

import java.util.Map;

/**
 * Precision on demand for an interleaved run: rounds are added to a tier until every ratio's 95%
 * interval is within ±{@code percent}, or until the load has used its share of {@code maxMinutes}.
 */
public record Precision(double percent, int maxMinutes) {

    /** The precision asked for, or {@code null} for a fixed number of rounds. */
    public static Precision from(Map<String, String> properties) {
        String value = PRECISION.given(properties);
        if (value == null) {
            if (properties.containsKey(MAX_MINUTES.name())) {
                throw new SettingException("-D" + MAX_MINUTES.name() + " caps -D" + PRECISION.name() + ", which is not set");
            }
            return null;
        }
        double percent;
        try {
            percent = Double.parseDouble(value);
        } catch (NumberFormatException e) {
            throw PRECISION.bad(value);
        }
        if (!(percent > 0)) {
            throw PRECISION.bad(value);
        }
        return new Precision(percent, MAX_MINUTES.atLeast(properties, 1, Integer.parseInt(MAX_MINUTES.defaultValue())));
    }
}
