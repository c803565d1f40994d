package containerbench.measure;

import containerbench.settings.SettingException;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import java.util.function.Predicate;

/**
 * The measured load sent by wrk instead of Gatling's users ({@code -Dclient=wrk}): the steps of the
 * {@link Measurement} in order, each block of a step's {@link Rotation} one wrk run of the step's
 * users as connections against the block's target, stopped at the block's end, its figures recorded
 * in the block's recorder before the rotation turns. So the targets, launches, warm-ups, rounds, the
 * order of blocks, the CPU read at every turn and the statistics are those of a Gatling run; what
 * differs is the client, and that each block opens its connections anew.
 */
public final class WrkLoad {

    // A block's rest shorter than this is waited out: wrk takes a few ms to start and up to 100 ms to stop.
    private static final long SHORTEST_RUN_NANOS = 300_000_000L;

    private final List<Step> steps;
    private final List<URI> urls;
    private final WrkRun wrk;
    private final Predicate<Step> waiting;
    private final BooleanSupplier stopped;
    private volatile boolean over;
    private volatile String failure;

    /**
     * @param urls the URL every request goes to, per target, the baseline first
     * @param threads wrk's threads, each run taking no more than it has connections
     * @param waiting whether a step must wait for its launch of the targets
     * @param stopped whether the run must stop now (a target died)
     */
    public WrkLoad(List<Step> steps, List<URI> urls, int threads, Predicate<Step> waiting, BooleanSupplier stopped) {
        this.steps = List.copyOf(steps);
        this.urls = List.copyOf(urls);
        this.waiting = waiting;
        this.stopped = stopped;
        try {
            Path folder = Files.createTempDirectory("container-bench-wrk");
            folder.toFile().deleteOnExit();
            Path script = WrkRun.script(folder);
            script.toFile().deleteOnExit();
            this.wrk = new WrkRun(script, threads);
        } catch (IOException e) {
            throw new IllegalStateException("no folder for wrk's report script: " + e.getMessage(), e);
        }
    }

    /** wrk's name and version as it prints them ({@code wrk debian/4.1.0-3+b2}); refused, before anything starts, without it. */
    public static String version() {
        try {
            Process process = new ProcessBuilder("wrk", "--version").redirectErrorStream(true).start();
            String output = new String(process.getInputStream().readAllBytes());
            process.waitFor(10, TimeUnit.SECONDS);
            return output.lines().findFirst().orElse("wrk").replaceAll(" Copyright.*", "").trim();
        } catch (IOException e) {
            throw new SettingException("-Dclient=wrk needs wrk on the PATH: apt-get install wrk (" + e.getMessage() + ")");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new SettingException("interrupted while asking wrk its version");
        }
    }

    /** Runs every step on a thread of its own; {@link #over()} once all have run, or the run stopped. */
    public void start() {
        Runtime.getRuntime().addShutdownHook(new Thread(wrk::stop, "wrk-stop"));
        Thread thread = new Thread(this::run, "wrk-load");
        thread.setDaemon(true);
        thread.start();
    }

    /** The URL wrk loads target {@code target} at. */
    public URI url(int target) {
        return urls.get(target);
    }

    public boolean over() {
        return over;
    }

    /** Why the load stopped before its end, or {@code null}. */
    public String failure() {
        return failure;
    }

    private void run() {
        try {
            for (Step step : steps) {
                while (waiting.test(step)) {
                    Thread.sleep(50);
                }
                if (!turn(step.rotation(), step.users())) {
                    return;
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            failure = "wrk's load was interrupted";
        } catch (RuntimeException e) {
            failure = e.getMessage();
        } finally {
            over = true;
        }
    }

    /** Every block of one rotation, in turn; false when the run must stop. */
    private boolean turn(Rotation rotation, int connections) throws InterruptedException {
        for (Rotation.Block block = rotation.current(); block != null; block = rotation.current()) {
            if (stopped.getAsBoolean()) {
                rotation.finish();
                return false;
            }
            long left = rotation.currentEndsNanos() - System.nanoTime();
            if (left < SHORTEST_RUN_NANOS) {
                TimeUnit.NANOSECONDS.sleep(Math.max(0, left));
                continue;
            }
            WrkRun.Result result = wrk.run(urls.get(block.target()), connections, left);
            long end = System.currentTimeMillis();
            block.recorder().loadedBy(end - result.micros() / 1000, end, result.ok(), result.millis(), result.failures());
        }
        return true;
    }
}
