package containerbench.launcher;

import java.util.List;

/**
 * One tuning setting of a container, under the name the container's own documentation uses.
 *
 * @param defaultValue the value used when none is given; {@code null} leaves the container's own
 *     default in place (the target prints what that turned out to be)
 * @param rule what a valid value looks like: checked here, and by the harness from knobs.txt
 * @param common the name every container shares for this setting ({@code threads}, {@code backlog},
 *     {@code idleTimeout}, {@code virtualThreads}), so that one study can set it on all; or null
 */
public record Knob(String name, String defaultValue, KnobRule rule, String description, String common) {

    public Knob {
        // A launcher whose own default breaks its rule fails when the build lists its knobs, not in a run.
        if (defaultValue != null && !rule.allows(defaultValue)) {
            throw new IllegalArgumentException("the default " + defaultValue + " of the knob " + name + " breaks its own rule: "
                    + name + " accepts " + rule.accepts());
        }
    }

    public static Knob integer(String name, Integer defaultValue, int min, String description) {
        return integer(name, defaultValue, min, Integer.MAX_VALUE, description);
    }

    /** An integer the container refuses beyond {@code max}: refused here, before it starts, naming the range. */
    public static Knob integer(String name, Integer defaultValue, int min, int max, String description) {
        return new Knob(name, defaultValue == null ? null : defaultValue.toString(), new KnobRule.IntegerRange(min, max),
                description, null);
    }

    public static Knob bool(String name, boolean defaultValue, String description) {
        return choice(name, Boolean.toString(defaultValue), List.of("true", "false"), description);
    }

    public static Knob choice(String name, String defaultValue, List<String> choices, String description) {
        return new Knob(name, defaultValue, new KnobRule.Choices(choices), description, null);
    }

    /** The same knob, also answering to the cross-container name {@code common}. */
    public Knob as(String common) {
        return new Knob(name, defaultValue, rule, description, common);
    }

    /** What a valid value looks like, for messages and {@code --help}: {@code an integer >= 1}. */
    public String accepts() {
        return rule.accepts();
    }

    /**
     * The knob as one tab-separated line: name, common name, default, rule ({@link KnobRule#written()}),
     * description; "-" where there is none. {@code --list-knobs} prints one per knob, and the build
     * keeps them as target/knobs.txt for the harness.
     */
    public String line() {
        return String.join("\t", name, common == null ? "-" : common, defaultValue == null ? "-" : defaultValue, rule.written(),
                description.replace('\t', ' '));
    }

    /** The value itself, or an error that names the knob and what it accepts. */
    public String check(String value) {
        if (value == null || !rule.allows(value)) {
            throw new IllegalArgumentException(
                    "bad value for --" + name + ": '" + value + "'; it accepts " + rule.accepts());
        }
        return value;
    }
}
