package containerbench.results;

import com.fasterxml.jackson.annotation.JsonValue;
import java.util.Locale;

/** Where a run stands, as its results file says in lower case. */
public enum RunStatus {
    /** The load is under way; a file left so was cut off without a chance to say why. */
    RUNNING,
    COMPLETE,
    /** The target did not start, died during the load, or a setting was refused. */
    FAILED,
    /** Ctrl-C, or the benchmark JVM ended before the plan did. */
    INTERRUPTED;

    @JsonValue
    public String word() {
        return name().toLowerCase(Locale.ROOT);
    }

    @Override
    public String toString() {
        return word();
    }
}
