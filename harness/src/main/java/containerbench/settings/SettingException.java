package containerbench.settings;

/** A setting the benchmark cannot use; the message names it as the user wrote it, and what it accepts. */
public final class SettingException extends IllegalArgumentException {

    public SettingException(String message) {
        super(message);
    }
}
