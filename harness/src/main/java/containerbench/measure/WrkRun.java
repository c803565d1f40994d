package containerbench.measure;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import org.HdrHistogram.Histogram;

/**
 * One run of wrk against one target until an instant, and what it measured: its responses, its
 * errors, and the time of every response, as wrk recorded them. wrk stops on SIGINT (sent by
 * coreutils' {@code timeout} at the instant) and still reports; {@code wrk-report.lua} prints its
 * counts and its array of response times, from which wrk's coordinated-omission correction is
 * taken out again ({@link #uncorrected}): a closed workload's connections do wait for their answers.
 */
final class WrkRun {

    /** How a wrk run ended: its time, its answers, its socket errors, and its response times (ms) with their counts. */
    record Result(long micros, long responses, long connectErrors, long readErrors, long writeErrors, long statusErrors,
            long timeouts, Histogram millis) {

        /** Answers wrk counted as errors (HTTP 4xx and 5xx), which it times as it times the others. */
        long ok() {
            return responses - statusErrors;
        }

        /** Failed requests by cause, in words like Gatling's; empty when none failed. */
        Map<String, Long> failures() {
            Map<String, Long> failures = new LinkedHashMap<>();
            put(failures, "HTTP 4xx or 5xx (wrk counts them apart)", statusErrors);
            put(failures, TierRecorder.NO_RESPONSE + " (wrk: connect)", connectErrors);
            put(failures, TierRecorder.NO_RESPONSE + " (wrk: read)", readErrors);
            put(failures, TierRecorder.NO_RESPONSE + " (wrk: write)", writeErrors);
            put(failures, TierRecorder.NO_RESPONSE + " (wrk: timeout)", timeouts);
            return failures;
        }

        private static void put(Map<String, Long> failures, String reason, long count) {
            if (count > 0) {
                failures.put(reason, count);
            }
        }
    }

    // Well beyond any block: the run ends by the signal, not by -d.
    private static final int SPARE_SECONDS = 600;
    // Longer than any answer a block waits for: a slower one is a timeout, as Gatling's 60 s request timeout is.
    private static final String TIMEOUT = "60s";

    private final Path script;
    private final int threads;
    // The run under way, stopped with the JVM: coreutils' timeout, which passes its signal on to wrk.
    private volatile Process running;

    /**
     * @param threads wrk's threads (-t), at most one per connection
     */
    WrkRun(Path script, int threads) {
        this.script = script;
        this.threads = threads;
    }

    /** The report script, written once per run where wrk can read it. */
    static Path script(Path folder) {
        try (InputStream lua = WrkRun.class.getResourceAsStream("wrk-report.lua")) {
            Path file = folder.resolve("wrk-report.lua");
            Files.createDirectories(folder);
            Files.write(file, lua.readAllBytes());
            return file;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write wrk's report script into " + folder + ": " + e.getMessage(), e);
        }
    }

    /** wrk's command: {@code connections} kept busy against {@code url} until SIGINT after {@code nanos}. */
    List<String> command(URI url, int connections, long nanos) {
        return List.of("timeout", "--signal=INT", String.format(Locale.ROOT, "%.3f", nanos / 1e9), "wrk",
                "-t", Integer.toString(Math.min(threads, connections)), "-c", Integer.toString(connections),
                "-d", SPARE_SECONDS + "s", "--timeout", TIMEOUT, "-s", script.toString(), url.toString());
    }

    /** Runs wrk for {@code nanos} from now; fails, with its output, when it did not report. */
    Result run(URI url, int connections, long nanos) {
        List<String> command = command(url, connections, nanos);
        try {
            Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
            running = process;
            String output;
            try {
                output = new String(process.getInputStream().readAllBytes());
                if (!process.waitFor(nanos / 1_000_000_000L + 60, TimeUnit.SECONDS)) {
                    throw new IllegalStateException("wrk did not end after its signal: " + String.join(" ", command));
                }
            } finally {
                running = null;
                process.destroyForcibly();
            }
            return parse(output, connections);
        } catch (IOException e) {
            throw new IllegalStateException("cannot run wrk (apt-get install wrk): " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while wrk ran", e);
        }
    }

    /**
     * Ends the run under way, if any, without its report: wrk and timeout are sent SIGTERM. Called as
     * the JVM ends (Ctrl-C, a dead Maven): timeout runs in a process group of its own, which a
     * terminal's Ctrl-C does not reach, and would let wrk load a target until the block's end.
     */
    void stop() {
        Process process = running;
        if (process != null) {
            process.descendants().forEach(ProcessHandle::destroy);
            process.destroy();
        }
    }

    /** wrk's report as {@code wrk-report.lua} prints it, its response times uncorrected. */
    static Result parse(String output, int connections) {
        List<String> lines = output.lines().toList();
        // wrk's own lines first, then the script's: the last summary line, or none (past the end).
        int summary = lines.size();
        for (int i = 0; i < lines.size(); i++) {
            if (lines.get(i).startsWith("container-bench wrk ")) {
                summary = i;
            }
        }
        if (summary + 1 >= lines.size() || !lines.get(summary + 1).startsWith("container-bench latencies ")) {
            throw new IllegalStateException("wrk did not report (is it wrk 4 with LuaJIT?): " + output.strip());
        }
        long[] counts = numbers(lines.get(summary).substring("container-bench wrk ".length()));
        int distinct = Integer.parseInt(lines.get(summary + 1).substring("container-bench latencies ".length()).trim());
        TreeMap<Long, Long> corrected = new TreeMap<>();
        for (String line : lines.subList(summary + 2, summary + 2 + distinct)) {
            long[] pair = numbers(line);
            corrected.put(pair[0], pair[1]);
        }
        long micros = counts[0];
        long responses = counts[1];
        Map<Long, Long> raw = uncorrected(corrected, micros, responses, connections);
        Histogram millis = Histograms.empty();
        long timed = 0;
        for (Map.Entry<Long, Long> time : raw.entrySet()) {
            millis.recordValueWithCount(Math.round(time.getKey() / 1000.0), time.getValue());
            timed += time.getValue();
        }
        // wrk times every answer but one slower than its timeout, which it counts as a timeout instead.
        if (timed > responses || timed < responses - counts[6]) {
            throw new IllegalStateException("wrk timed " + timed + " answers of " + responses + " once its correction was taken"
                    + " out: not the wrk 4 this reads");
        }
        return new Result(micros, responses, counts[2], counts[3], counts[4], counts[5], counts[6], millis);
    }

    /**
     * wrk's response times before its correction. At its end wrk adds, for every time n of at least
     * twice the expected interval e (its run's time over the responses each connection had), a
     * phantom response at n - e, n - 2e, ... down to above e: what an open client would have seen of
     * requests it did not send (wrk's stats_correct, src/stats.c). So a time above e holds, besides
     * its own, one phantom for every response recorded at a slower time e apart: read from the top
     * down, its own count is its count less those, summed per remainder of e.
     */
    static Map<Long, Long> uncorrected(TreeMap<Long, Long> corrected, long micros, long responses, int connections) {
        long perConnection = responses / connections;
        if (perConnection == 0 || corrected.isEmpty()) {
            return corrected;
        }
        long expected = micros / perConnection;
        TreeMap<Long, Long> raw = new TreeMap<>();
        Map<Long, Long> slowerByRemainder = new java.util.HashMap<>();
        for (long n : corrected.descendingKeySet()) {
            long count = corrected.get(n);
            if (n > expected) {
                count -= slowerByRemainder.getOrDefault(n % expected, 0L);
                if (count < 0) {
                    throw new IllegalStateException("wrk's response times do not undo as its correction by " + expected
                            + " us: " + count + " at " + n + " us");
                }
                slowerByRemainder.merge(n % expected, count, Long::sum);
            }
            if (count > 0) {
                raw.put(n, count);
            }
        }
        return raw;
    }

    private static long[] numbers(String line) {
        List<Long> numbers = new ArrayList<>();
        for (String word : line.trim().split("\\s+")) {
            numbers.add(Long.parseLong(word));
        }
        return numbers.stream().mapToLong(Long::longValue).toArray();
    }
}
