package containerbench.report;

import static org.junit.jupiter.api.Assertions.assertEquals;

import containerbench.results.RunResult;
import containerbench.results.StoredRun;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Runs whose targets spoke differently, or whose load reused connections differently, measured
 * different things: listed apart with the difference named, never pooled, as runs of another plan are.
 */
class LikenessTest {

    private static final RunResult CLEARTEXT = PageFixture.run("cleartext", "2026-12-06T10:00:00Z", 1);

    private static RunResult speaking(String http, String connections) {
        RunResult.Tls tls = http.equals("h1") ? null : new RunResult.Tls(http, http.equals("h2") ? "h2" : "http/1.1", true, "TLSv1.3",
                "TLS_AES_256_GCM_SHA384", "RSA 2048", null);
        RunResult.Plan plan = CLEARTEXT.plan();
        return CLEARTEXT.toBuilder().runId(http + "-" + connections)
                .targets(CLEARTEXT.targets().stream().map(t -> t.withTls(tls)).toList())
                .plan(new RunResult.Plan(plan.tiers(), plan.tierSeconds(), plan.warmupSeconds(), plan.warmupUsers(), true, null, connections))
                .build();
    }

    @Test
    void aRunOverHttp2OrWithAnotherConnectionReuseIsNotLikeOneOverCleartext() {
        assertEquals(List.of(), Likeness.differences(CLEARTEXT, speaking("h1", "per-user")),
                "results older than the setting read as their workload's default: per-user, cleartext");
        assertEquals(List.of("transport: h2 vs h1"), Likeness.differences(CLEARTEXT, speaking("h2", "per-user")));
        assertEquals(List.of("connections: per-request vs per-user", "transport: h1-tls vs h1"),
                Likeness.differences(CLEARTEXT, speaking("h1-tls", "per-request")));

        List<StoredRun> runs = List.of(stored(CLEARTEXT), stored(speaking("h2", "per-user")), stored(speaking("h1", "per-user")),
                stored(speaking("h2", "shared")));
        assertEquals(List.of(List.of("cleartext", "h1-per-user"), List.of("h2-per-user"), List.of("h2-shared")),
                Likeness.groups(runs).stream().map(group -> group.stream().map(r -> r.run().runId()).toList()).toList());
        assertEquals("per-user", Likeness.of(CLEARTEXT).get("connections"));
    }

    @Test
    void targetsSpeakingDifferentlyInOneRunAreNamedEachInTheirOrder() {
        RunResult.Tls h2 = new RunResult.Tls("h2", "h2", true, "TLSv1.3", "TLS_AES_256_GCM_SHA384", "RSA 2048", Map.of());
        List<RunResult.Target> targets = CLEARTEXT.targets();
        assertEquals("h1, h2, h1, h1", Likeness.transport(List.of(targets.get(0), targets.get(1).withTls(h2), targets.get(2), targets.get(3))));
        assertEquals("h2", Likeness.transport(targets.stream().map(t -> t.withTls(h2)).toList()));
    }

    private static StoredRun stored(RunResult run) {
        return new StoredRun(run, Path.of("/tmp/" + run.runId() + ".json"));
    }
}
