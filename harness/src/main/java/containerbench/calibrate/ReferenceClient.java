package containerbench.calibrate;

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

/**
 * A load client written for speed, against which Gatling is calibrated: wrk for HTTP/1.1 (cleartext
 * or over TLS), h2load for HTTP/2. Each runs on the injector's CPUs through bash, whose {@code times}
 * then tells the CPU its child spent, to the millisecond.
 */
sealed interface ReferenceClient permits Wrk, H2load {

    /** One run: its rate of successful responses and the CPU it spent per request, in microseconds. */
    record Result(double tps, double cpuMicrosPerRequest) {
    }

    /** Its name and version, as it printed them when found ({@code wrk debian/4.1.0-3+b2}, {@code h2load nghttp2/1.52.0}). */
    String version();

    /** Its rate at {@code users} connections for {@code seconds}, and its CPU. */
    Result run(int users, int seconds) throws IOException, InterruptedException;

    /** The client for a target that speaks {@code http} ({@code -Dhttp}), at {@code base}, once it is installed. */
    static ReferenceClient of(String http, List<String> prefix, int threads, URI base) {
        return http.equals("h2") ? new H2load(prefix, threads, base, firstLine(List.of("h2load", "--version"),
                "apt-get install nghttp2-client")) : new Wrk(prefix, threads, base, firstLine(List.of("wrk", "--version"),
                "apt-get install wrk").replaceAll(" Copyright.*", ""));
    }

    default Map<Integer, Result> tiers(TierPlan plan, String when) throws IOException, InterruptedException {
        Map<Integer, Result> runs = new LinkedHashMap<>();
        for (int users : plan.tiers()) {
            runs.put(users, run(users, plan.tierSeconds()));
            System.out.printf("[calibrate] %s %s at %d connections: %.0f requests/s, %.1f us of CPU each%n", name(), when, users,
                    runs.get(users).tps(), runs.get(users).cpuMicrosPerRequest());
        }
        return runs;
    }

    /** Its command's name. */
    String name();

    /** The first line {@code command} prints, or a refusal that says how to install {@code name}. */
    static String firstLine(List<String> command, String install) {
        try {
            Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
            String output = new String(process.getInputStream().readAllBytes());
            process.waitFor(10, TimeUnit.SECONDS);
            return output.lines().findFirst().orElse(command.get(0)).trim();
        } catch (IOException e) {
            throw new SettingException("calibration needs " + command.get(0) + ": " + install + " (" + e.getMessage() + ")");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new SettingException("interrupted while asking " + command.get(0) + " its version");
        }
    }

    /** What a client's run printed, and the CPU seconds it spent. */
    record Timed(String output, double cpuSeconds) {
    }

    // bash's `times`: its own user and system time, then its children's, as 0m1.234s.
    Pattern CHILD_TIMES = Pattern.compile("(?m)^\\S+ \\S+\\n(\\d+)m([0-9.]+)s (\\d+)m([0-9.]+)s\\s*\\z");

    /** Runs {@code command} through bash for about {@code seconds}; fails unless it ends well within a minute more. */
    static Timed timed(List<String> command, int seconds) throws IOException, InterruptedException {
        String script = command.stream().map(word -> "'" + word + "'").reduce((a, b) -> a + " " + b).orElseThrow() + " && times";
        Process process = new ProcessBuilder(new ArrayList<>(List.of("bash", "-c", script))).redirectErrorStream(true).start();
        String output = new String(process.getInputStream().readAllBytes());
        if (!process.waitFor(seconds + 60L, TimeUnit.SECONDS) || process.exitValue() != 0) {
            process.destroyForcibly();
            throw new IllegalStateException(command.get(0) + " failed: " + output);
        }
        Matcher times = CHILD_TIMES.matcher(output);
        if (!times.find()) {
            throw new IllegalStateException("no CPU times after " + command.get(0) + "'s output: " + output);
        }
        double cpuSeconds = Integer.parseInt(times.group(1)) * 60 + Double.parseDouble(times.group(2))
                + Integer.parseInt(times.group(3)) * 60 + Double.parseDouble(times.group(4));
        return new Timed(output, cpuSeconds);
    }
}
