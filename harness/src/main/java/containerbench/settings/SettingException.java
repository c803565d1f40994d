package containerbench.settings;

/** A setting the benchmark cannot use; the message names it and what it accepts. */
public final class SettingException extends IllegalArgumentException {

    public SettingException(String property, String value, String accepts) {
        super("bad value -D" + property + "=" + value + ": " + property + " accepts " + accepts);
    }

    public SettingException(String message) {
        super(message);
    }
}
