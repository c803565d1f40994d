package containerbench.calibrate;

import containerbench.settings.AppRequest;
import java.io.IOException;
import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * h2load (nghttp2's HTTP/2 benchmark) on the injector's CPUs against one target over h2: one
 * connection per user with one stream at a time on it, as each Gatling user loops its login over a
 * connection of its own. It offers h2 by ALPN and trusts any certificate; a run whose connections
 * agreed on anything else fails, naming it.
 */
record H2load(List<String> prefix, int threads, URI base) implements ReferenceClient {

    private static final Pattern FINISHED = Pattern.compile("finished in ([0-9.]+)(m?s),");
    private static final Pattern REQUESTS = Pattern.compile(
            "requests: (\\d+) total, (\\d+) started, (\\d+) done, (\\d+) succeeded, (\\d+) failed, (\\d+) errored, (\\d+) timeout");
    private static final Pattern PROTOCOL = Pattern.compile("Application protocol: (\\S+)");

    @Override
    public String name() {
        return "h2load";
    }

    @Override
    public String version() {
        return ReferenceClient.firstLine(List.of("h2load", "--version"), "apt-get install nghttp2-client");
    }

    @Override
    public Result run(int users, int seconds) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(prefix);
        command.addAll(List.of("h2load", "-t", Integer.toString(Math.min(users, threads)), "-c", Integer.toString(users),
                "-m", "1", "-D", Integer.toString(seconds), base + AppRequest.LOGIN.pathAndQuery(column -> null)));
        return result(ReferenceClient.timed(command, seconds));
    }

    /** Its successful responses a second over its run's own duration, and its CPU per request. */
    static Result result(ReferenceClient.Timed run) {
        Matcher protocol = PROTOCOL.matcher(run.output());
        if (!protocol.find() || !protocol.group(1).equals("h2")) {
            throw new IllegalStateException("h2load did not speak h2 (" + (protocol.find(0) ? protocol.group(1) : "no protocol")
                    + " agreed): " + run.output());
        }
        Matcher finished = FINISHED.matcher(run.output());
        Matcher requests = REQUESTS.matcher(run.output());
        if (!finished.find() || !requests.find()) {
            throw new IllegalStateException("no 'finished in' or 'requests:' in h2load's output: " + run.output());
        }
        double seconds = Double.parseDouble(finished.group(1)) / (finished.group(2).equals("ms") ? 1000 : 1);
        long done = Long.parseLong(requests.group(3));
        long succeeded = Long.parseLong(requests.group(4));
        double tps = seconds == 0 ? 0 : succeeded / seconds;
        return new Result(tps, done == 0 ? 0 : run.cpuSeconds() * 1e6 / done);
    }
}
