package containerbench.calibrate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** What h2load printed, read as calibration reads it: a rate only from a run over h2 whose every request succeeded. */
class H2loadTest {

    /** h2load 1.52's output of a 2 s run (-D 2) of 10 clients, its numbers chosen to be checked. */
    private static String output(String protocol, String requests) {
        return """
                starting benchmark...
                spawning thread #0: 10 total client(s). Timing-based test with 0s of warm-up time and 2s of main duration for measurements.
                TLS Protocol: TLSv1.3
                Cipher: TLS_AES_256_GCM_SHA384
                Server Temp Key: X25519 253 bits
                """ + (protocol == null ? "" : "Application protocol: " + protocol + "\n") + """

                finished in 2.05s, 15000.00 req/s, 2.15MB/s
                """ + requests + """

                status codes: 30000 2xx, 0 3xx, 0 4xx, 0 5xx
                """;
    }

    private static final String ALL_GOOD = "requests: 30000 total, 30000 started, 30000 done, 30000 succeeded, 0 failed, 0 errored,"
            + " 0 timeout";

    @Test
    void aRunOverH2GivesItsSuccessesOverItsMainDurationAndItsCpuPerRequest() {
        ReferenceClient.Result result = H2load.result(new ReferenceClient.Timed(output("h2", ALL_GOOD), 0.6), 2);
        assertEquals(15_000, result.tps(), 1e-9, "30,000 successes over the 2 s of -D, not the 2.05 s it finished in");
        assertEquals(20, result.cpuMicrosPerRequest(), 1e-9, "0.6 s of CPU over 30,000 requests");
    }

    @Test
    void aRunThatAgreedOnAnythingButH2IsRefusedNamingIt() {
        String message = assertThrows(IllegalStateException.class,
                () -> H2load.result(new ReferenceClient.Timed(output("http/1.1", ALL_GOOD), 0.6), 2)).getMessage();
        assertTrue(message.startsWith("h2load did not speak h2 (http/1.1 agreed)"), message);
        String none = assertThrows(IllegalStateException.class,
                () -> H2load.result(new ReferenceClient.Timed(output(null, ALL_GOOD), 0.6), 2)).getMessage();
        assertTrue(none.startsWith("h2load did not speak h2 (no protocol agreed)"), none);
    }

    @Test
    void aRunWithFailedOrNoSuccessfulRequestsIsRefusedWithItsCounts() {
        String failed = "requests: 30000 total, 30000 started, 30000 done, 29990 succeeded, 10 failed, 0 errored, 0 timeout";
        String message = assertThrows(IllegalStateException.class,
                () -> H2load.result(new ReferenceClient.Timed(output("h2", failed), 0.6), 2)).getMessage();
        assertTrue(message.startsWith("h2load's requests did not all succeed (" + failed + ")"), message);
        String nothing = "requests: 10 total, 10 started, 0 done, 0 succeeded, 0 failed, 0 errored, 0 timeout";
        assertThrows(IllegalStateException.class, () -> H2load.result(new ReferenceClient.Timed(output("h2", nothing), 0.1), 2));
    }
}
