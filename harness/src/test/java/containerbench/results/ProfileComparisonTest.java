package containerbench.results;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import containerbench.measure.BlockCpu;
import containerbench.measure.BlockResult;
import containerbench.measure.Profiles;
import containerbench.measure.Tier;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Where one target's CPU per response goes against the baseline's, worked by hand from three launches' samples. */
class ProfileComparisonTest {

    private static final Tier TIER = Tier.users(100);
    // 5 ms a sample over 100,000 responses: a twentieth of a µs per response a sample.
    private static final long INTERVAL = 5_000_000;
    private static final long RESPONSES = 100_000;
    private static final String TOMCAT_POLL = "org.apache.tomcat.util.net.NioEndpoint" + Profiles.CALLED + "sun.nio.ch.EPoll";
    private static final String TOMCAT_OWN = "org.apache.coyote.http11.Http11Processor";
    private static final String UNDERTOW_POLL = "org.xnio.nio.WorkerThread" + Profiles.CALLED + "sun.nio.ch.EPoll";
    private static final String UNDERTOW_PARK = "org.jboss.threads.EnhancedQueueExecutor" + Profiles.CALLED + "jdk.internal.misc.Unsafe";

    @Test
    void eachRowIsTheMeanOfTheLaunchesDifferencesWithStudentsIntervalAndTheRowsAddUpToTheSampledDifference() {
        // tomcat: polling 5, 6, 4 µs and its own code 10 in each launch (15, 16, 14 in all);
        // undertow: polling 2 and parking 15, 17, 16 (17, 19, 18 in all).
        Profiles.Part tomcat = part("tomcat", List.of(Map.of(TOMCAT_POLL, 100L, TOMCAT_OWN, 200L),
                Map.of(TOMCAT_POLL, 120L, TOMCAT_OWN, 200L), Map.of(TOMCAT_POLL, 80L, TOMCAT_OWN, 200L)));
        Profiles.Part undertow = part("undertow", List.of(Map.of(UNDERTOW_POLL, 40L, UNDERTOW_PARK, 300L),
                Map.of(UNDERTOW_POLL, 40L, UNDERTOW_PARK, 340L), Map.of(UNDERTOW_POLL, 40L, UNDERTOW_PARK, 320L)));
        List<BlockResult> blocks = new ArrayList<>();
        for (int launch = 0; launch < 3; launch++) {
            blocks.add(block("tomcat", launch, 16.0));
            blocks.add(block("undertow", launch, 19.0));
        }
        ProfileComparison c = ProfileComparison.of(tomcat, undertow, INTERVAL, blocks);

        assertEquals(3, c.launches());
        assertEquals(15.0, c.sampledBaseline(), 1e-9);
        assertEquals(18.0, c.sampledOther(), 1e-9);
        assertEquals(3.0, c.sampledDifference(), 1e-9);
        assertEquals(16.0, c.measuredBaseline(), 1e-9);
        assertEquals(19.0, c.measuredOther(), 1e-9);
        assertEquals(3.0, c.measuredDifference(), 1e-9);

        // By the JDK work: parking +16 (differences 15, 17, 16: sd 1, t(2) 4.30265 / sqrt 3 = ±2.48414), polling -3
        // (-3, -4, -2: the same spread), tomcat's own code -10 in every launch (no spread).
        // The readings less the samples: tomcat 1, 0, 2 and undertow 2, 0, 1, no difference on the whole.
        assertEquals(List.of("jdk.internal.misc.Unsafe", "(its own code)", "sun.nio.ch.EPoll", ProfileComparison.UNSAMPLED),
                names(c.work()));
        ProfileComparison.Row unsampled = c.work().get(3);
        assertEquals(1.0, unsampled.baseline(), 1e-9);
        assertEquals(1.0, unsampled.other(), 1e-9);
        assertEquals(0.0, unsampled.difference(), 1e-9);
        ProfileComparison.Row parking = c.work().get(0);
        assertEquals(0.0, parking.baseline(), 1e-9);
        assertEquals(16.0, parking.other(), 1e-9);
        assertEquals(16.0, parking.difference(), 1e-9);
        assertEquals(16.0 - 2.48414, parking.low(), 1e-4);
        assertEquals(16.0 + 2.48414, parking.high(), 1e-4);
        ProfileComparison.Row polling = c.work().get(2);
        assertEquals(5.0, polling.baseline(), 1e-9);
        assertEquals(2.0, polling.other(), 1e-9);
        assertEquals(-3.0 - 2.48414, polling.low(), 1e-4);
        assertEquals(-10.0, c.work().get(1).low(), 1e-9);
        assertEquals(-10.0, c.work().get(1).high(), 1e-9);
        assertEquals(List.of("org.apache.tomcat.util.net.NioEndpoint" + Profiles.CALLED + "sun.nio.ch.EPoll",
                "org.xnio.nio.WorkerThread" + Profiles.CALLED + "sun.nio.ch.EPoll"), names(polling.classes()),
                "polling opens into the code of each container that polled, the larger difference first");

        // By the package that asked: the same samples, otherwise grouped.
        assertEquals(List.of("org.jboss.threads", "org.apache.coyote.http11", "org.apache.tomcat.util.net", "org.xnio.nio",
                ProfileComparison.UNSAMPLED), names(c.packages()));
        for (List<ProfileComparison.Row> rows : List.of(c.work(), c.packages())) {
            assertEquals(c.measuredDifference(), rows.stream().mapToDouble(ProfileComparison.Row::difference).sum(), 1e-9,
                    "the rows add up to the readings' difference");
            assertEquals(c.sampledDifference(), rows.stream().filter(r -> !r.name().equals(ProfileComparison.UNSAMPLED))
                    .mapToDouble(ProfileComparison.Row::difference).sum(), 1e-9, "the sampled rows to the sampled difference");
        }
    }

    @Test
    void oneLaunchGivesNoInterval() {
        Profiles.Part tomcat = part("tomcat", List.of(Map.of(TOMCAT_OWN, 200L)));
        Profiles.Part undertow = part("undertow", List.of(Map.of(UNDERTOW_PARK, 300L)));
        ProfileComparison c = ProfileComparison.of(tomcat, undertow, INTERVAL, List.of(block("tomcat", 0, 10.0)));
        assertEquals(1, c.launches());
        assertNull(c.work().get(0).low());
        assertNull(c.measuredOther(), "no block of undertow: its CPU per response is not known");
        assertNull(c.measuredDifference());
        assertEquals(List.of("jdk.internal.misc.Unsafe", "(its own code)"), names(c.work()), "no unsampled row without readings");
    }

    private static Profiles.Part part(String target, List<Map<String, Long>> launches) {
        List<Profiles.Launch> each = new ArrayList<>();
        for (int l = 0; l < launches.size(); l++) {
            Map<String, Long> frames = new LinkedHashMap<>(launches.get(l));
            each.add(new Profiles.Launch(l, RESPONSES, frames.values().stream().mapToLong(Long::longValue).sum(), frames));
        }
        return new Profiles.Part(TIER, target, null, null, null, each);
    }

    private static BlockResult block(String target, int launch, double micros) {
        return new BlockResult(TIER, 100, 0, target, 0, 2000, RESPONSES, RESPONSES, 0, 50_000,
                new BlockCpu(micros, micros, 50.0, 20.0, 90.0, 0.0, 1.0), false, null, null, launch);
    }

    private static List<String> names(List<ProfileComparison.Row> rows) {
        return rows.stream().map(ProfileComparison.Row::name).toList();
    }
}
