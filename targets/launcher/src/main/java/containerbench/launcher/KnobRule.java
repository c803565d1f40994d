package containerbench.launcher;

import java.util.List;

/**
 * What values a knob takes, as data rather than a lambda: the launcher checks its own command line
 * with it, and it travels to the harness in target/knobs.txt ({@link #written()}, read back by
 * {@link #parse(String)}), so that the harness refuses a bad value before any target JVM starts.
 */
public sealed interface KnobRule permits KnobRule.IntegerRange, KnobRule.Choices {

    /** Whether {@code value} is one this rule takes. */
    boolean allows(String value);

    /** What the rule takes, for messages and {@code --help}: {@code an integer >= 1}. */
    String accepts();

    /** The rule in knobs.txt's rule field: {@code integer 1..}, {@code integer 0..512}, {@code choice nio,nio2}. */
    String written();

    /**
     * A whole number from {@code min} to {@code max}, both included; a {@code max} of
     * {@link Integer#MAX_VALUE} is no bound of the container's, only of the int it is set as.
     */
    record IntegerRange(int min, int max) implements KnobRule {

        public IntegerRange {
            if (min > max) {
                throw new IllegalArgumentException("an integer range from " + min + " to " + max + " holds no value: min must be <= max");
            }
        }

        @Override
        public boolean allows(String value) {
            try {
                int number = Integer.parseInt(value);
                return number >= min && number <= max;
            } catch (NumberFormatException e) {
                return false;
            }
        }

        @Override
        public String accepts() {
            return max == Integer.MAX_VALUE ? "an integer >= " + min : "an integer from " + min + " to " + max;
        }

        @Override
        public String written() {
            return "integer " + min + ".." + (max == Integer.MAX_VALUE ? "" : Integer.toString(max));
        }
    }

    /** One of a fixed list of words, in the order {@code --help} shows them; a boolean is {@code true, false}. */
    record Choices(List<String> choices) implements KnobRule {

        public Choices {
            choices = List.copyOf(choices);
            if (choices.isEmpty()) {
                throw new IllegalArgumentException("a choice of no values accepts nothing: give at least one");
            }
            for (String choice : choices) {
                // knobs.txt separates the choices by commas and its fields by tabs: neither may be inside one.
                if (choice.isEmpty() || choice.chars().anyMatch(c -> c == ',' || Character.isWhitespace(c))) {
                    throw new IllegalArgumentException("choice '" + choice + "' of " + choices
                            + " cannot be written in knobs.txt: a choice is a word without commas or spaces");
                }
            }
        }

        @Override
        public boolean allows(String value) {
            return choices.contains(value);
        }

        @Override
        public String accepts() {
            return "one of " + String.join(", ", choices);
        }

        @Override
        public String written() {
            return "choice " + String.join(",", choices);
        }
    }

    /** The rule {@link #written()} wrote; anything else is an {@link IllegalArgumentException} saying what is read. */
    static KnobRule parse(String written) {
        int space = written.indexOf(' ');
        String kind = space < 0 ? written : written.substring(0, space);
        String rest = space < 0 ? "" : written.substring(space + 1);
        try {
            if (kind.equals("integer")) {
                int dots = rest.indexOf("..");
                if (dots > 0) {
                    String max = rest.substring(dots + 2);
                    return new IntegerRange(Integer.parseInt(rest.substring(0, dots)),
                            max.isEmpty() ? Integer.MAX_VALUE : Integer.parseInt(max));
                }
            } else if (kind.equals("choice") && !rest.isEmpty()) {
                return new Choices(List.of(rest.split(",", -1)));
            }
        } catch (IllegalArgumentException e) {
            // reported below, with what is read
        }
        throw new IllegalArgumentException("'" + written + "' is not a knob rule; a rule is integer MIN.., integer MIN..MAX"
                + " or choice A,B,...");
    }
}
