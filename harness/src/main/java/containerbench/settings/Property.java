package containerbench.settings;


/**
 * One setting of a run, declared once in {@link RunProperties}: the parsers read it through these
 * methods, and {@code --help} and docs/properties.md's table print the same four facts.
 *
 * @param defaultValue what applies when it is not given: a value, or in parentheses a phrase such as
 *     "(the first tier's)"; {@code null} when nothing applies
 * @param meaning what it does, in one or two sentences
 * @param accepts what a valid value looks like; every error about it says this
 */
public record Property(String name, String defaultValue, String meaning, String accepts) {

    /** The default as docs/properties.md and --help show it: a value in backticks (Markdown) or as is, a phrase, or "(none)". */
    public String defaultShown(boolean markdown) {
        if (defaultValue == null) {
            return "(none)";
        }
        return defaultValue.startsWith("(") || !markdown ? defaultValue : "`" + defaultValue + "`";
    }

    /** The given value, or {@code null} when it was not given. */
    public String given(Given given) {
        return given.value(name);
    }

    /** The given value, else {@code fallback}. */
    public String text(Given given, String fallback) {
        String value = given.value(name);
        return value == null ? fallback : value;
    }

    /** A whole number of at least {@code min}, else {@code fallback} when not given. */
    public int atLeast(Given given, int min, int fallback) {
        String value = given.value(name);
        return value == null ? fallback : atLeast(given, value, min);
    }

    /** {@code value}, given for this property, which must be a whole number of at least {@code min}. */
    public int atLeast(Given given, String value, int min) {
        try {
            int parsed = Integer.parseInt(value.trim());
            if (parsed >= min) {
                return parsed;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw given.bad(this, value);
    }

    /** {@code true} or {@code false}, else {@code fallback} when not given. */
    public boolean bool(Given given, boolean fallback) {
        String value = given.value(name);
        if (value == null) {
            return fallback;
        }
        if (!value.equals("true") && !value.equals("false")) {
            throw given.bad(this, value);
        }
        return Boolean.parseBoolean(value);
    }
}
