package containerbench.measure;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A tier of the plan as a value: its load, a number of users looping or of arrivals a second, and
 * which repeat of that load it is (a plan may name a load twice: 100,500,100 runs "100 users" and
 * "100 users #2"). Tiers are grouped, matched and told apart as this value. Its text ("500 users",
 * "2000 req/s", "500 users #2") is made here alone, for Gatling's names, the views and the results
 * file, and read back only from the file ({@link #parse}).
 *
 * @param load the users of a closed tier, or the arrivals a second of an open one (the whole run's, not one injector's share)
 * @param repeat 1 for the first tier of this load, 2 for the next
 */
public record Tier(int load, Unit unit, int repeat) {

    /** What a tier's load counts. */
    public enum Unit {
        /** Users, each looping the requests with no think time (a closed workload). */
        USERS("users"),
        /** Arrivals a second (an open workload). */
        RATE("req/s");

        private final String word;

        Unit(String word) {
            this.word = word;
        }

        public String word() {
            return word;
        }
    }

    private static final Pattern TEXT = Pattern.compile("(\\d+) (\\S+)(?: #(\\d+))?");

    public Tier {
        if (load < 0 || repeat < 1 || unit == null) {
            throw new IllegalArgumentException("no such tier: load " + load + ", " + unit + ", repeat " + repeat);
        }
    }

    /** The first tier of {@code load} users. */
    public static Tier users(int load) {
        return new Tier(load, Unit.USERS, 1);
    }

    /** The first tier of {@code load} arrivals a second. */
    public static Tier rate(int load) {
        return new Tier(load, Unit.RATE, 1);
    }

    /** Whether its load arrives at a rate (an open tier) rather than from users looping. */
    public boolean open() {
        return unit == Unit.RATE;
    }

    /** As the results file and every view name it: "500 users", "2000 req/s", "500 users #2". */
    @JsonValue
    @Override
    public String toString() {
        return load + " " + unit.word() + (repeat > 1 ? " #" + repeat : "");
    }

    /**
     * A tier as a results file names it.
     *
     * @throws IllegalArgumentException naming the text, when it names no tier
     */
    @JsonCreator
    public static Tier parse(String text) {
        Matcher matcher = TEXT.matcher(text);
        if (matcher.matches()) {
            for (Unit unit : Unit.values()) {
                if (unit.word().equals(matcher.group(2))) {
                    return new Tier(Integer.parseInt(matcher.group(1)), unit, matcher.group(3) == null ? 1
                            : Integer.parseInt(matcher.group(3)));
                }
            }
        }
        throw new IllegalArgumentException("not a tier: \"" + text + "\" (a tier reads \"500 users\", \"2000 req/s\" or \"500 users #2\")");
    }
}
