package containerbench.settings;

import containerbench.launcher.KnobRule;

/**
 * One knob of a container, as its launcher lists it ({@code --list-knobs}, kept by the build in
 * {@code targets/NAME/target/knobs.txt}).
 *
 * @param common the cross-container name ({@code threads}, {@code backlog}, {@code idleTimeout},
 *     {@code virtualThreads}), or {@code null}
 * @param defaultValue the launcher's default, or {@code null} for the container's own
 * @param rule the values the launcher accepts, read back as the launcher wrote it, so that a bad
 *     value is refused before the target's JVM starts rather than when it exits
 */
public record TargetKnob(String name, String common, String defaultValue, KnobRule rule, String description) {

    /** Parses one line of knobs.txt, as {@code Knob.line()} writes it: five tab-separated fields, "-" for none. */
    static TargetKnob parse(String line) {
        String[] fields = line.split("\t", -1);
        if (fields.length != 5) {
            throw new IllegalArgumentException("not a knob line: " + line);
        }
        return new TargetKnob(fields[0], none(fields[1]), none(fields[2]), KnobRule.parse(fields[3]), fields[4]);
    }

    /** What the knob accepts, in words: {@code an integer >= 1}. */
    public String accepts() {
        return rule.accepts();
    }

    private static String none(String field) {
        return field.equals("-") ? null : field;
    }
}
