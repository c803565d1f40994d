package containerbench.simulation;

import static io.gatling.javaapi.core.CoreDsl.atOnceUsers;
import static io.gatling.javaapi.core.CoreDsl.details;
import static io.gatling.javaapi.core.CoreDsl.during;
import static io.gatling.javaapi.core.CoreDsl.responseTimeInMillis;
import static io.gatling.javaapi.core.CoreDsl.scenario;
import static io.gatling.javaapi.core.CoreDsl.stopLoadGeneratorIf;
import static io.gatling.javaapi.http.HttpDsl.http;
import static io.gatling.javaapi.http.HttpDsl.status;

import containerbench.launch.LoginProbe;
import containerbench.measure.Step;
import containerbench.measure.TierRecorder;
import containerbench.run.BenchmarkRun;
import containerbench.settings.Gates;
import io.gatling.javaapi.core.Assertion;
import io.gatling.javaapi.core.ChainBuilder;
import io.gatling.javaapi.core.PopulationBuilder;
import io.gatling.javaapi.core.Session;
import io.gatling.javaapi.core.Simulation;
import io.gatling.javaapi.http.HttpProtocolBuilder;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * The study's benchmark: the loginServlet under tiers of concurrent users, each user looping the
 * login with no think time over its own keep-alive connection, like ab. Run with
 * {@code mvn gatling:test -Ptomcat} or {@code -Pundertow}; README lists every property.
 */
public final class LoginSimulation extends Simulation {

    // Settings checked, target started and answering, results file claimed: before any load.
    private final BenchmarkRun run = BenchmarkRun.start();

    // One connection per virtual user (Gatling's default), no cache lookups or URL re-encoding on
    // the request path, and no warm-up call to an internet host; one protocol per target.
    private final List<HttpProtocolBuilder> protocols = run.baseUrls().stream()
            .map(url -> http.baseUrl(url.toString()).disableWarmUp().disableCaching().disableUrlEncoding()).toList();

    {
        // Sequential: each step starts when every user of the one before has finished.
        List<PopulationBuilder> steps = run.steps().stream().map(this::users).toList();
        PopulationBuilder chain = steps.get(steps.size() - 1);
        for (int i = steps.size() - 2; i >= 0; i--) {
            chain = steps.get(i).andThen(chain);
        }
        setUp(chain).assertions(gates(run.settings().gates()));
    }

    /** The optional per-tier thresholds (-DmaxFailurePercent, -DmaxP99Ms) as Gatling assertions. */
    private List<Assertion> gates(Gates gates) {
        List<Assertion> assertions = new ArrayList<>();
        for (String request : run.steps().stream().filter(step -> !step.warmup()).map(Step::name).distinct().toList()) {
            if (gates.maxFailurePercent() != null) {
                assertions.add(details(request).failedRequests().percent().lte(gates.maxFailurePercent()));
            }
            if (gates.maxP99Ms() != null) {
                assertions.add(details(request).responseTime().percentile(99.0).lte(gates.maxP99Ms()));
            }
        }
        return assertions;
    }

    /**
     * The step's users at once, each looping the login for the step's duration. The loop checks its
     * clock only between logins (exitASAP false), so that no request leaves without being recorded.
     */
    private PopulationBuilder users(Step step) {
        return scenario(step.scenario()).exec(session -> {
                    run.enter(step);
                    return session;
                })
                .exec(during(Duration.ofSeconds(step.seconds()), false).on(login(step.recorder())))
                .injectOpen(atOnceUsers(step.users())).protocols(protocols.get(step.target()));
    }

    /**
     * One login, named after its tier so that Gatling's report shows each tier as a request; the
     * run stops at once (results and report still written) when the target JVM has died.
     */
    private ChainBuilder login(TierRecorder tier) {
        ChainBuilder stopIfTargetDied = stopLoadGeneratorIf("the target died", session -> run.targetDied());
        if (!run.settings().recording()) {
            return stopIfTargetDied.exec(http(tier.name()).get(LoginProbe.LOGIN).check(status().is(200)));
        }
        return stopIfTargetDied.exec(http(tier.name()).get(LoginProbe.LOGIN)
                        .check(responseTimeInMillis().saveAs("rt"), status().saveAs("status"), status().is(200)))
                .exec(session -> record(tier, session));
    }

    private static Session record(TierRecorder tier, Session session) {
        long now = System.currentTimeMillis();
        if (!session.isFailed()) {
            tier.ok(now, session.getInt("rt"));
        } else if (session.contains("status")) {
            tier.ko(now, session.getInt("rt"), "HTTP " + session.getInt("status"));
        } else {
            tier.ko(now, -1, TierRecorder.NO_RESPONSE);
        }
        // A request without a response runs no check: nothing of this one may be read for it.
        return session.markAsSucceeded().removeAll("rt", "status");
    }

    @Override
    public void after() {
        run.finish();
    }
}
