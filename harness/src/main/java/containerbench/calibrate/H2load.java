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
 * connection of its own. It offers h2 by ALPN and trusts any certificate. A run fails, naming what it
 * saw, when the connection h2load reports on (its first) agreed on anything but h2, when no request
 * succeeded, or when any failed: a rate of some requests is not the target's.
 */
record H2load(List<String> prefix, int threads, URI base, String version) implements ReferenceClient {

    private static final Pattern REQUESTS = Pattern.compile(
            "requests: (\\d+) total, (\\d+) started, (\\d+) done, (\\d+) succeeded, (\\d+) failed, (\\d+) errored, (\\d+) timeout");
    private static final Pattern PROTOCOL = Pattern.compile("Application protocol: (\\S+)");

    @Override
    public String name() {
        return "h2load";
    }

    @Override
    public Result run(int users, int seconds) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(prefix);
        command.addAll(List.of("h2load", "-t", Integer.toString(Math.min(users, threads)), "-c", Integer.toString(users),
                "-m", "1", "-D", Integer.toString(seconds), base + AppRequest.LOGIN.pathAndQuery(column -> null)));
        return result(ReferenceClient.timed(command, seconds), seconds);
    }

    /**
     * Its successful responses a second over the {@code seconds} of its main phase ({@code -D}, as h2load's own
     * req/s), and its CPU per request.
     */
    static Result result(ReferenceClient.Timed run, int seconds) {
        Matcher protocol = PROTOCOL.matcher(run.output());
        if (!protocol.find() || !protocol.group(1).equals("h2")) {
            throw new IllegalStateException("h2load did not speak h2 (" + (protocol.find(0) ? protocol.group(1) : "no protocol")
                    + " agreed): " + run.output());
        }
        Matcher requests = REQUESTS.matcher(run.output());
        if (!requests.find()) {
            throw new IllegalStateException("no 'requests:' line in h2load's output: " + run.output());
        }
        long done = Long.parseLong(requests.group(3));
        long succeeded = Long.parseLong(requests.group(4));
        long failed = Long.parseLong(requests.group(5)) + Long.parseLong(requests.group(6)) + Long.parseLong(requests.group(7));
        if (succeeded == 0 || failed > 0) {
            throw new IllegalStateException("h2load's requests did not all succeed (" + requests.group() + "): " + run.output());
        }
        return new Result((double) succeeded / seconds, run.cpuSeconds() * 1e6 / done);
    }
}
