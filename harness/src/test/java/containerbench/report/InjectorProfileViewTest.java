package containerbench.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import containerbench.measure.Profiles;
import containerbench.measure.Tier;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class InjectorProfileViewTest {

    private static final Tier TIER = Tier.parse("100 users");

    @Test
    void theInjectorsSamplesAreMicrosecondsPerResponseByPackageAndByJdkWork() {
        // 5 ms of CPU a sample over 10,000 responses: 0.5 µs per response a sample, by hand.
        Map<String, Long> frames = new LinkedHashMap<>();
        frames.put("io.netty.channel.uring.IoUringIoHandler", 200L);
        frames.put("io.netty.channel.uring.AbstractIoUringChannel > jdk.internal.misc.Unsafe", 40L);
        frames.put("containerbench.measure.GatlingLoad > jdk.internal.misc.Unsafe", 60L);
        frames.put("(JVM: JIT compiler)", 100L);
        Profiles profiles = new Profiles("cpu", 5_000_000, List.of(new Profiles.Part(TIER, Profiles.INJECTOR, "run-profiles/injector.html",
                null, null, List.of(new Profiles.Launch(0, 10_000, 400, frames)))));

        InjectorProfileView view = InjectorProfileView.of(profiles, graph -> "../" + graph).get(0);

        assertEquals(200.0, view.sampled(), 1e-9, "400 samples of 0.5 µs each");
        assertEquals(List.of(new InjectorProfileView.Row("io.netty.channel.uring", 120.0), new InjectorProfileView.Row("(JVM: JIT compiler)", 50.0),
                new InjectorProfileView.Row("containerbench.measure", 30.0)), view.packages());
        // A tie goes by name.
        assertEquals(List.of(new InjectorProfileView.Row("(its own code)", 100.0), new InjectorProfileView.Row("(JVM: JIT compiler)", 50.0),
                new InjectorProfileView.Row("jdk.internal.misc.Unsafe", 50.0)), view.work());
        List<String> lines = view.lines();
        assertTrue(lines.get(0).startsWith("where the injector's CPU per response goes, 100 users: 200.0 µs per OK response sampled"),
                lines.get(0));
        assertTrue(lines.stream().anyMatch(line -> line.matches(" +io\\.netty\\.channel\\.uring +120\\.0 +60%")), String.join("\n", lines));
        assertEquals("  flame graph: ../run-profiles/injector.html", lines.get(lines.size() - 1));
    }

    @Test
    void aTierWithoutResponsesAndARunWithoutTheProfileShowNothing() {
        Profiles none = new Profiles("cpu", 5_000_000, List.of(new Profiles.Part(TIER, Profiles.INJECTOR, null, null, null,
                List.of(new Profiles.Launch(0, 0, 12, Map.of("(JVM: JIT compiler)", 12L))))));
        assertEquals(List.of(), InjectorProfileView.of(none, graph -> graph));
        assertEquals(List.of(), InjectorProfileView.of((Profiles) null, graph -> graph));
    }
}
