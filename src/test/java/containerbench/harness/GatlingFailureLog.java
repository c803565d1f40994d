package containerbench.harness;

import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.AppenderBase;

/**
 * A Logback appender on Gatling's response statistics logger at DEBUG, which logs one line per
 * failed request only: "Request '{}' failed for user {}: {}". It hands the request name and the
 * message to {@link FailureCauses}; successful requests log nothing and cost nothing here.
 */
public final class GatlingFailureLog extends AppenderBase<ILoggingEvent> {

    static final String FAILED = "Request '{}' failed for user {}: {}";

    @Override
    protected void append(ILoggingEvent event) {
        Object[] args = event.getArgumentArray();
        if (FAILED.equals(event.getMessage()) && args != null && args.length == 3) {
            FailureCauses.SHARED.record(String.valueOf(args[0]), String.valueOf(args[2]));
        }
    }
}
