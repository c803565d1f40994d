package containerbench.measure;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.AppenderBase;
import org.slf4j.LoggerFactory;

/**
 * Hands Gatling's failure messages to one run's {@link FailureCauses}. Gatling's response statistics
 * logger writes, at DEBUG, one line per failed request only ("Request '{}' failed for user {}: {}");
 * successful requests log nothing and cost nothing here. Only this logger: DEBUG on HttpTracing
 * would make Gatling keep every response body.
 */
public final class GatlingFailureLog extends AppenderBase<ILoggingEvent> implements AutoCloseable {

    static final String LOGGER = "io.gatling.http.engine.response.DefaultStatsProcessor";
    static final String FAILED = "Request '{}' failed for user {}: {}";

    private final FailureCauses causes;
    private final Logger logger;
    private final Level levelBefore;
    private final boolean additiveBefore;

    private GatlingFailureLog(FailureCauses causes, Logger logger) {
        this.causes = causes;
        this.logger = logger;
        this.levelBefore = logger.getLevel();
        this.additiveBefore = logger.isAdditive();
    }

    /** Starts feeding {@code causes}; closing it restores Gatling's logger as it was. */
    public static GatlingFailureLog attach(FailureCauses causes) {
        LoggerContext context = (LoggerContext) LoggerFactory.getILoggerFactory();
        GatlingFailureLog appender = new GatlingFailureLog(causes, context.getLogger(LOGGER));
        appender.setContext(context);
        appender.setName("container-bench failures");
        appender.start();
        appender.logger.addAppender(appender);
        appender.logger.setAdditive(false);
        appender.logger.setLevel(Level.DEBUG);
        return appender;
    }

    @Override
    protected void append(ILoggingEvent event) {
        Object[] args = event.getArgumentArray();
        if (FAILED.equals(event.getMessage()) && args != null && args.length == 3) {
            causes.record(String.valueOf(args[0]), String.valueOf(args[2]));
        }
    }

    @Override
    public void close() {
        logger.setLevel(levelBefore);
        logger.setAdditive(additiveBefore);
        logger.detachAppender(this);
        stop();
    }
}
