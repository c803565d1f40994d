package containerbench.measure;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** Gatling's failure line reaches the causes of the run that listens, and nothing else does. */
class GatlingFailureLogTest {

    private static final Logger GATLING = LoggerFactory.getLogger(GatlingFailureLog.LOGGER);

    @Test
    void eachRunCountsItsOwnFailuresByCauseAndStopsListeningWhenClosed() {
        FailureCauses first = new FailureCauses();
        try (GatlingFailureLog ignored = GatlingFailureLog.attach(first)) {
            GATLING.debug(GatlingFailureLog.FAILED, "100 users", 7, "j.n.ConnectException: Connection refused");
            GATLING.debug(GatlingFailureLog.FAILED, "100 users", 8, "status.find.is(200), but actually found 503");
            GATLING.debug("some other line at DEBUG");
        }
        GATLING.debug(GatlingFailureLog.FAILED, "100 users", 9, "Request timeout to localhost after 60000 ms");
        assertEquals(Map.of("HTTP 503", 1L, "refused", 1L), first.causesOf("100 users"));
        assertEquals(List.of("j.n.ConnectException: Connection refused", "status.find.is(200), but actually found 503"),
                first.examplesOf("100 users"));

        FailureCauses second = new FailureCauses();
        try (GatlingFailureLog ignored = GatlingFailureLog.attach(second)) {
            GATLING.debug(GatlingFailureLog.FAILED, "500 users", 1, "Request timeout to localhost after 60000 ms");
        }
        assertEquals(Map.of("timeout", 1L), second.causesOf("500 users"));
        assertEquals(Map.of(), second.causesOf("100 users"), "a run sees none of another's failures");
    }

    @Test
    void gatlingsMessagesAreClassified() {
        assertEquals("reset", FailureCauses.classify("i.n.c.u.Errors$NativeIoException: recvAddress(..) failed: Connection reset by peer"));
        assertEquals("reset", FailureCauses.classify("Premature close"));
        assertEquals("other", FailureCauses.classify("something new"));
    }
}
