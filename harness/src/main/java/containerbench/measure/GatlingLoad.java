package containerbench.measure;

import static io.gatling.javaapi.core.CoreDsl.asLongAs;
import static io.gatling.javaapi.core.CoreDsl.atOnceUsers;
import static io.gatling.javaapi.core.CoreDsl.constantUsersPerSec;
import static io.gatling.javaapi.core.CoreDsl.details;
import static io.gatling.javaapi.core.CoreDsl.exec;
import static io.gatling.javaapi.core.CoreDsl.pause;
import static io.gatling.javaapi.core.CoreDsl.scenario;
import static io.gatling.javaapi.core.CoreDsl.stopLoadGeneratorIf;
import static io.gatling.javaapi.http.HttpDsl.http;

import containerbench.settings.Connections;
import containerbench.settings.Gates;
import containerbench.settings.RunSettings;
import io.gatling.javaapi.core.Assertion;
import io.gatling.javaapi.core.ChainBuilder;
import io.gatling.javaapi.core.PopulationBuilder;
import io.gatling.javaapi.core.ScenarioBuilder;
import io.gatling.javaapi.core.Session;
import io.gatling.javaapi.http.HttpProtocolBuilder;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * The run's steps as Gatling populations, for the simulation's {@code setUp}: each closed step's users
 * looping the requests with no think time while its rotation turns, each open step's arrivals at its
 * rate, every request sent to the target of the block current as it leaves and recorded into that
 * block. The session bookkeeping this needs (the block a user is on, an arrival's due time) lives here,
 * so that the simulation reads as Gatling's own: a protocol, a scenario, a {@code setUp}.
 */
public final class GatlingLoad {

    private static final String BLOCK = "block";
    private static final String DUE = "due";

    private final RunSettings settings;
    private final List<Step> steps;
    private final RequestMix requests;
    private final LoadControl run;

    public GatlingLoad(RunSettings settings, List<Step> steps, LoadControl run) {
        this.settings = settings;
        this.steps = steps;
        this.requests = new RequestMix(settings.app().requests());
        this.run = run;
    }

    /** HTTP/2 where a target was asked for it (-Dhttp=h2): Gatling offers h2 by ALPN on every TLS connection then. */
    public HttpProtocolBuilder http2(HttpProtocolBuilder builder) {
        return settings.targets().stream().anyMatch(target -> target.http().equals("h2")) ? builder.enableHttp2() : builder;
    }

    /**
     * Connections as -Dconnections asks: each user its own (Gatling's default), pooled over every user
     * (over h2, multiplexed), or a closed workload's users asking the server to close after each answer.
     */
    public HttpProtocolBuilder reusing(HttpProtocolBuilder builder, boolean open) {
        Connections connections = settings.plan().connections();
        if (connections == Connections.SHARED) {
            return builder.shareConnections();
        }
        return connections.closesAfterEachAnswer(open) ? builder.header("Connection", "close") : builder;
    }

    /** Every step in turn: each starts when every user of the one before has finished. */
    public PopulationBuilder steps(HttpProtocolBuilder protocol) {
        List<PopulationBuilder> populations = new ArrayList<>();
        java.util.Set<Integer> measuredLaunches = new java.util.HashSet<>();
        for (Step step : steps) {
            // The first measured step of a launch waits too, while the targets' memory at rest is read.
            boolean firstMeasured = step.kind() instanceof Step.Measured && measuredLaunches.add(step.launch());
            if (step.open() && (step.start() != null || step.launch() > 0 || firstMeasured)) {
                populations.add(atItsInstant(step));
            }
            populations.add(step.open() ? arrivals(step, protocol) : users(step));
        }
        PopulationBuilder chain = populations.get(populations.size() - 1);
        for (int i = populations.size() - 2; i >= 0; i--) {
            chain = populations.get(i).andThen(chain);
        }
        return chain;
    }

    /**
     * -Dclient=wrk: one user that starts wrk's blocks, waits for them, then sends the request once to
     * the baseline, unrecorded (Gatling refuses to end a simulation that sent no request).
     */
    public static PopulationBuilder byWrk(WrkLoad wrk) {
        return scenario("wrk").exec(session -> {
            wrk.start();
            return session;
        }).asLongAs(session -> !wrk.over()).on(pause(Duration.ofMillis(200)))
                .exec(http("once after wrk's load").get(wrk.url(0).toString()))
                .injectOpen(atOnceUsers(1));
    }

    /** The optional per-tier thresholds (-DmaxFailurePercent, -DmaxP99Ms) as Gatling assertions. */
    public List<Assertion> gates() {
        Gates gates = settings.gates();
        List<Assertion> assertions = new ArrayList<>();
        for (String request : requests.gatlingNames(steps.stream().filter(step -> !step.warmup())
                .flatMap(step -> step.requests().stream()).toList())) {
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
     * The step's users at once, each looping the requests as long as the step's rotation turns, each
     * request to the target of the block current as it leaves. The loop checks only between requests
     * (exitASAP false), so that no request leaves unrecorded.
     */
    private PopulationBuilder users(Step step) {
        Rotation rotation = step.rotation();
        ChainBuilder load = asLongAs(session -> !rotation.over(), "turns", false).on(exec(session -> turn(rotation, session))
                .doIf(session -> session.contains(BLOCK)).then(send(null)));
        return waitingFor(step, step.scenario()).exec(load).injectOpen(atOnceUsers(step.users()));
    }

    /**
     * A scenario of {@code name} whose users first wait: with several injectors every one starts the
     * step at the same instant, once all are ready; a step of a new launch of the targets starts once
     * they answer.
     */
    private ScenarioBuilder waitingFor(Step step, String name) {
        return scenario(name).asLongAs(session -> run.waiting(step)).on(pause(Duration.ofMillis(50)))
                .pause(session -> step.delay(System.currentTimeMillis()));
    }

    /**
     * Before an open step: one user that waits for the step's launch of the targets and, with several
     * injectors, for the others and the step's instant, so that every injector's arrivals, and so its
     * blocks, start together (an open injection cannot wait on its own: its first arrival leaves when
     * the step before has ended).
     */
    private PopulationBuilder atItsInstant(Step step) {
        return waitingFor(step, "instant of " + step.scenario()).injectOpen(atOnceUsers(1));
    }

    /**
     * An open step: arrivals at the step's rate for as long as its rotation turns, each one login to
     * the block current as it arrives, timed from its due time; an arrival beyond maxInFlight fails
     * unsent. Connections are shared by all arrivals, as a service's HTTP client pools them: reused
     * while idle, one more opened when all are busy (or with -Dconnections=per-request each arrival
     * opens its own). A capacity search stops once it has found all.
     */
    private PopulationBuilder arrivals(Step step, HttpProtocolBuilder protocol) {
        Arrivals arrivals = step.arrivals();
        return scenario(step.scenario()).exec(stopLoadGeneratorIf("the capacity search is over", session -> run.searched()))
                .exec(session -> arrive(step, session)).doIf(session -> session.contains(BLOCK)).then(send(arrivals))
                .injectOpen(constantUsersPerSec(arrivals.rate()).during(step.rotation().mostSeconds()))
                .protocols(reusing(protocol, true));
    }

    private static Session arrive(Step step, Session session) {
        Rotation.Block block = step.rotation().current();
        long due = block == null ? Arrivals.NOT_SENT : step.arrivals().arrive(block.recorder());
        return due == Arrivals.NOT_SENT ? session : session.set(BLOCK, block).set(DUE, due);
    }

    /** The block this request goes to; the session is copied only when the block changes, not at every request. */
    private static Session turn(Rotation rotation, Session session) {
        Rotation.Block block = rotation.current();
        if (block == null) {
            return session.remove(BLOCK);
        }
        return session.contains(BLOCK) && block(session) == block ? session : session.set(BLOCK, block);
    }

    private static Rotation.Block block(Session session) {
        return session.get(BLOCK);
    }

    /**
     * One request, named so that Gatling's report shows each tier (and target) as a request; the run
     * stops at once (results and report still written) when a target JVM has died.
     *
     * @param arrivals an open step's schedule, which times the request from its due time; {@code null} for users
     */
    private ChainBuilder send(Arrivals arrivals) {
        ChainBuilder stopIfTargetDied = stopLoadGeneratorIf("a target died", session -> run.targetDied());
        boolean recording = settings.recording();
        return stopIfTargetDied.exec(requests.chain(run.baseUrls().stream().map(Object::toString).toList(),
                session -> block(session).target(), session -> block(session).request(), recording,
                recording ? (session, request) -> record(block(session).recorder(), session, request, arrivals) : null));
    }

    private static Session record(TierRecorder tier, Session session, int request, Arrivals arrivals) {
        long now = System.currentTimeMillis();
        if (arrivals != null) {
            arrivals.answered(tier, session.getLong(DUE), !session.isFailed());
        }
        if (!session.isFailed()) {
            tier.ok(now, session.getInt(RequestMix.RESPONSE_TIME), request);
        } else if (session.contains(RequestMix.STATUS)) {
            tier.ko(now, session.getInt(RequestMix.RESPONSE_TIME), "HTTP " + session.getInt(RequestMix.STATUS), request);
        } else {
            tier.ko(now, null, TierRecorder.NO_RESPONSE, request);
        }
        // A request without a response runs no check: nothing of this one may be read for it.
        return session.markAsSucceeded().removeAll(RequestMix.RESPONSE_TIME, RequestMix.STATUS);
    }
}
