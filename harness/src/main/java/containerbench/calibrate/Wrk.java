package containerbench.calibrate;

import containerbench.settings.AppRequest;
import java.io.IOException;
import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * wrk on the injector's CPUs against one target over HTTP/1.1, cleartext or TLS (it trusts any
 * certificate); a run with answers other than 2xx and 3xx fails, naming them.
 */
record Wrk(List<String> prefix, int threads, URI base, String version) implements ReferenceClient {

    private static final Pattern RATE = Pattern.compile("Requests/sec:\\s+([0-9.]+)");

    @Override
    public String name() {
        return "wrk";
    }

    @Override
    public Result run(int users, int seconds) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(prefix);
        command.addAll(List.of("wrk", "-t", Integer.toString(Math.min(users, threads)), "-c", Integer.toString(users),
                "-d", seconds + "s", base + AppRequest.LOGIN.pathAndQuery(column -> null)));
        ReferenceClient.Timed run = ReferenceClient.timed(command, seconds);
        Matcher rate = RATE.matcher(run.output());
        if (!rate.find()) {
            throw new IllegalStateException("no 'Requests/sec' in wrk's output: " + run.output());
        }
        // wrk counts every answer in its rate, an error page too. (Its socket errors, which it counts apart and prints
        // for connections it times out or finds closed at its end, are left to its output.)
        if (run.output().contains("Non-2xx or 3xx responses")) {
            throw new IllegalStateException("wrk had answers other than 2xx and 3xx: " + run.output());
        }
        double tps = Double.parseDouble(rate.group(1));
        return new Result(tps, tps == 0 ? 0 : run.cpuSeconds() * 1e6 / (tps * seconds));
    }
}
