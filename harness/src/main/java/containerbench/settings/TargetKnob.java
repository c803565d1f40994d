package containerbench.settings;

/**
 * One knob of a container, as its launcher lists it ({@code --list-knobs}, kept by the build in
 * {@code targets/NAME/target/knobs.txt}).
 *
 * @param common the cross-container name ({@code threads}, {@code backlog}, {@code idleTimeout},
 *     {@code virtualThreads}), or {@code null}
 * @param defaultValue the launcher's default, or {@code null} for the container's own
 */
public record TargetKnob(String name, String common, String defaultValue, String accepts, String description) {

    /** Parses one line of knobs.txt: five tab-separated fields, "-" for none. */
    static TargetKnob parse(String line) {
        String[] fields = line.split("\t", -1);
        if (fields.length != 5) {
            throw new IllegalArgumentException("not a knob line: " + line);
        }
        return new TargetKnob(fields[0], none(fields[1]), none(fields[2]), fields[3], fields[4]);
    }

    private static String none(String field) {
        return field.equals("-") ? null : field;
    }
}
