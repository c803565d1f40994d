package containerbench.settings;

import java.util.Map;
import java.util.Set;

/**
 * The settings a run was given, by name, and how their user writes a name: {@code -D} on Maven's
 * command line, {@code --} on ./bench's, {@code run.} in a study file. Every message about a
 * setting names it the way it was written ({@code --tiers} to a ./bench user, {@code -Dtiers} to a
 * Maven user).
 */
public record Given(Map<String, String> values, String prefix) {

    public static final String MAVEN = "-D";
    public static final String COMMAND_LINE = "--";

    public Given {
        values = Map.copyOf(values);
    }

    /** Properties given to Maven, {@code -Dname=value}. */
    public static Given maven(Map<String, String> values) {
        return new Given(values, MAVEN);
    }

    /** The value given for {@code name}, or {@code null}. */
    public String value(String name) {
        return values.get(name);
    }

    public boolean has(String name) {
        return values.containsKey(name);
    }

    public boolean has(Property property) {
        return has(property.name());
    }

    public Set<String> names() {
        return values.keySet();
    }

    /** The name as the user writes it: {@code -Dtiers}, {@code --tiers}, {@code run.tiers}. */
    public String spelled(String name) {
        return prefix + name;
    }

    public String spelled(Property property) {
        return spelled(property.name());
    }

    /** The error for a value {@code property} does not accept, naming it as the user wrote it. */
    public SettingException bad(Property property, String value) {
        return bad(property, value, property.accepts());
    }

    /** The same, with what the property accepts here. */
    public SettingException bad(Property property, String value, String accepts) {
        return new SettingException("bad value " + spelled(property) + "=" + value + ": " + property.name() + " accepts " + accepts);
    }
}
