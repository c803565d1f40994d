package containerbench.settings;

import java.util.Map;

/**
 * One setting of a run, declared once in {@link RunProperties}: the parsers read it through these
 * methods, and {@code --help} and README's table print the same four facts.
 *
 * @param defaultValue what applies when it is not given: a value, or in parentheses a phrase such as
 *     "(the first tier's)"; {@code null} when nothing applies
 * @param meaning what it does, in one or two sentences
 * @param accepts what a valid value looks like; every error about it says this
 */
public record Property(String name, String defaultValue, String meaning, String accepts) {

    /** The default as README and --help show it: a value in backticks (Markdown) or as is, a phrase, or "(none)". */
    public String defaultShown(boolean markdown) {
        if (defaultValue == null) {
            return "(none)";
        }
        return defaultValue.startsWith("(") || !markdown ? defaultValue : "`" + defaultValue + "`";
    }

    /** The given value, or {@code null} when it was not given. */
    public String given(Map<String, String> properties) {
        return properties.get(name);
    }

    /** The given value, else {@code fallback}. */
    public String text(Map<String, String> properties, String fallback) {
        return properties.getOrDefault(name, fallback);
    }

    /** A whole number of at least {@code min}, else {@code fallback} when not given. */
    public int atLeast(Map<String, String> properties, int min, int fallback) {
        String value = properties.get(name);
        return value == null ? fallback : atLeast(value, min);
    }

    /** {@code value}, which must be a whole number of at least {@code min}. */
    public int atLeast(String value, int min) {
        try {
            int parsed = Integer.parseInt(value.trim());
            if (parsed >= min) {
                return parsed;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw bad(value);
    }

    /** {@code true} or {@code false}, else {@code fallback} when not given. */
    public boolean bool(Map<String, String> properties, boolean fallback) {
        String value = properties.get(name);
        if (value == null) {
            return fallback;
        }
        if (!value.equals("true") && !value.equals("false")) {
            throw bad(value);
        }
        return Boolean.parseBoolean(value);
    }

    /** The error for a value this property does not accept. */
    public SettingException bad(String value) {
        return new SettingException(name, value, accepts);
    }
}
