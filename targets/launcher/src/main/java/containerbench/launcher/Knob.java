package containerbench.launcher;

import java.util.List;

/**
 * One tuning setting of a container, under the name the container's own documentation uses.
 *
 * @param defaultValue the value used when none is given; {@code null} leaves the container's own
 *     default in place (the target prints what that turned out to be)
 * @param accepts what a valid value looks like, for messages and {@code --help}
 * @param common the name every container shares for this setting ({@code threads}, {@code backlog},
 *     {@code idleTimeout}, {@code virtualThreads}), so that one study can set it on all; or null
 */
public record Knob(String name, String defaultValue, String accepts, String description, Validator validator,
        String common) {

    /** Whether a value is acceptable. */
    @FunctionalInterface
    public interface Validator {
        boolean accepts(String value);
    }

    public static Knob integer(String name, Integer defaultValue, int min, String description) {
        return integer(name, defaultValue, min, Integer.MAX_VALUE, description);
    }

    /** An integer the container refuses beyond {@code max}: refused here, before it starts, naming the range. */
    public static Knob integer(String name, Integer defaultValue, int min, int max, String description) {
        String accepts = max == Integer.MAX_VALUE ? "an integer >= " + min : "an integer from " + min + " to " + max;
        return new Knob(name, defaultValue == null ? null : defaultValue.toString(), accepts, description, value -> {
            try {
                int number = Integer.parseInt(value);
                return number >= min && number <= max;
            } catch (NumberFormatException e) {
                return false;
            }
        }, null);
    }

    public static Knob bool(String name, boolean defaultValue, String description) {
        return choice(name, Boolean.toString(defaultValue), List.of("true", "false"), description);
    }

    public static Knob choice(String name, String defaultValue, List<String> choices, String description) {
        return new Knob(name, defaultValue, "one of " + String.join(", ", choices), description, choices::contains, null);
    }

    /** The same knob, also answering to the cross-container name {@code common}. */
    public Knob as(String common) {
        return new Knob(name, defaultValue, accepts, description, validator, common);
    }

    /**
     * The knob as one tab-separated line: name, common name, default, what it accepts, description;
     * "-" where there is none. {@code --list-knobs} prints one per knob.
     */
    public String line() {
        return String.join("\t", name, common == null ? "-" : common, defaultValue == null ? "-" : defaultValue, accepts,
                description.replace('\t', ' '));
    }

    /** The value itself, or an error that names the knob and what it accepts. */
    public String check(String value) {
        if (value == null || !validator.accepts(value)) {
            throw new IllegalArgumentException(
                    "bad value for --" + name + ": '" + value + "'; it accepts " + accepts);
        }
        return value;
    }
}
