package containerbench.simulation;

import static io.gatling.javaapi.http.HttpDsl.http;

import containerbench.measure.GatlingLoad;
import containerbench.run.BenchmarkRun;
import io.gatling.javaapi.core.Simulation;
import io.gatling.javaapi.http.HttpProtocolBuilder;

/**
 * The study's benchmark: the loginServlet under tiers of concurrent users, each user looping the
 * login with no think time over its own keep-alive connection, like ab; or with {@code -Dmodel=open}
 * under tiers of arrivals per second, each arrival one login over a shared pool of keep-alive
 * connections, timed from when it was due. With several containers each tier turns from one to the
 * next block by block. Run with {@code mvn gatling:test -Ptomcat}, or {@code -Ptomcat,undertow};
 * docs/properties.md lists every property.
 */
public final class LoginSimulation extends Simulation {

    // Settings checked, targets started and answering, results file claimed: before any load.
    private final BenchmarkRun run = BenchmarkRun.start();

    // The run's steps as Gatling populations (containerbench.measure.GatlingLoad): the login, or the user's
    // requests (-Dapp.requests), each sent to the target of the block current as it leaves and recorded there.
    private final GatlingLoad load = new GatlingLoad(run.settings(), run.steps(), run);

    // No cache lookups or URL re-encoding on the request path, and no warm-up call to an internet host.
    // HTTP/2 where a target was asked for it (-Dhttp=h2): Gatling offers h2 by ALPN on every TLS
    // connection then, and a target asked for h1-tls answers with HTTP/1.1. Any certificate is
    // trusted (Gatling's default): the targets serve the run's own.
    private final HttpProtocolBuilder protocol = load.http2(http.disableWarmUp().disableCaching().disableUrlEncoding());

    {
        if (run.wrk() != null) {
            // -Dclient=wrk: wrk sends the measured load in the same blocks; Gatling waits for it.
            setUp(GatlingLoad.byWrk(run.wrk())).protocols(protocol);
        } else {
            // Every step in turn, one connection per virtual user and target unless -Dconnections says
            // otherwise, and the optional gates (-DmaxFailurePercent, -DmaxP99Ms) as assertions.
            setUp(load.steps(protocol)).protocols(load.reusing(protocol, false)).assertions(load.gates());
        }
    }

    @Override
    public void after() {
        run.finish();
    }
}
