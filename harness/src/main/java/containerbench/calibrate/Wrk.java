package containerbench.calibrate;

import containerbench.settings.AppRequest;
import containerbench.settings.SettingException;
import containerbench.settings.TierPlan;
import java.io.IOException;
import java.net.URI;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** wrk on the injector's CPUs against one target, with the CPU it spent. */
record Wrk(List<String> prefix, int threads, URI base) {

    private static final Pattern RATE = Pattern.compile("Requests/sec:\\s+([0-9.]+)");
    // bash's `times`: its own user and system time, then its children's (wrk's), as 0m1.234s.
    private static final Pattern CHILD_TIMES = Pattern.compile("(?m)^\\S+ \\S+\\n(\\d+)m([0-9.]+)s (\\d+)m([0-9.]+)s\\s*\\z");

    /** One wrk run: its rate and the CPU it spent per request, in microseconds. */
    record Result(double tps, double cpuMicrosPerRequest) {
    }

    static void require() {
        try {
            Process wrk = new ProcessBuilder("wrk", "--version").redirectErrorStream(true).start();
            wrk.getInputStream().readAllBytes();
            wrk.waitFor(10, TimeUnit.SECONDS);
        } catch (IOException | InterruptedException e) {
            throw new SettingException("calibration needs wrk: apt-get install wrk (" + e.getMessage() + ")");
        }
    }

    Map<Integer, Result> tiers(TierPlan plan, String when) throws IOException, InterruptedException {
        Map<Integer, Result> runs = new LinkedHashMap<>();
        for (int users : plan.tiers()) {
            runs.put(users, run(users, plan.tierSeconds()));
            System.out.printf("[calibrate] wrk %s at %d connections: %.0f requests/s, %.1f us of CPU each%n", when, users,
                    runs.get(users).tps(), runs.get(users).cpuMicrosPerRequest());
        }
        return runs;
    }

    /** wrk's requests per second at {@code users} connections for {@code seconds}, and its CPU. */
    Result run(int users, int seconds) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(prefix);
        command.addAll(List.of("wrk", "-t", Integer.toString(Math.min(users, threads)), "-c", Integer.toString(users),
                "-d", seconds + "s", base + AppRequest.LOGIN.pathAndQuery(column -> null)));
        // Through bash, whose `times` then tells the CPU its child wrk used, to the millisecond.
        String script = command.stream().map(word -> "'" + word + "'").reduce((a, b) -> a + " " + b).orElseThrow()
                + " && times";
        Process wrk = new ProcessBuilder("bash", "-c", script).redirectErrorStream(true).start();
        String output = new String(wrk.getInputStream().readAllBytes());
        if (!wrk.waitFor(seconds + 60L, TimeUnit.SECONDS) || wrk.exitValue() != 0) {
            wrk.destroyForcibly();
            throw new IllegalStateException("wrk failed: " + output);
        }
        Matcher rate = RATE.matcher(output);
        Matcher times = CHILD_TIMES.matcher(output);
        if (!rate.find() || !times.find()) {
            throw new IllegalStateException("no 'Requests/sec' or CPU times in wrk's output: " + output);
        }
        double tps = Double.parseDouble(rate.group(1));
        double cpuSeconds = Integer.parseInt(times.group(1)) * 60 + Double.parseDouble(times.group(2))
                + Integer.parseInt(times.group(3)) * 60 + Double.parseDouble(times.group(4));
        return new Result(tps, tps == 0 ? 0 : cpuSeconds * 1e6 / (tps * seconds));
    }
}
