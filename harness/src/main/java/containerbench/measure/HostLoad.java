package containerbench.measure;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;

/**
 * How busy the machine was over a run's load, from Linux's {@code /proc/stat}: the share of all CPUs
 * in use, and the share the hypervisor gave to other guests ("steal"). On a shared virtual machine
 * steal is what makes two runs of the same comparison disagree: measured here at 50% while both
 * cores were loaded, and near 0 when idle.
 *
 * @param loadAverage the one-minute load average as the load began; {@code null} where /proc/loadavg cannot be read
 * @param busyPercent the share of all CPUs' time spent on anything but idling and waiting for I/O
 * @param stealPercent the share of all CPUs' time the hypervisor ran other guests instead
 */
public record HostLoad(Double loadAverage, double busyPercent, double stealPercent) {

    /** "over the load: 98% busy, 0% stolen by the hypervisor, load average 1.78 at its start", as the console and page say it. */
    @Override
    public String toString() {
        return String.format("over the load: %.0f%% busy, %.0f%% stolen by the hypervisor, load average %s at its start",
                busyPercent, stealPercent, loadAverage == null ? "unknown" : String.format("%.2f", loadAverage));
    }

    /** The counters at one instant, to measure from; {@code null} fields where /proc cannot be read. */
    public record Mark(Double loadAverage, long[] ticks) {
    }

    public static Mark mark() {
        return new Mark(currentLoadAverage(), ticks());
    }

    /** The machine since {@code mark}; {@code null} where /proc/stat cannot be read (not Linux). */
    public static HostLoad since(Mark mark) {
        return since(mark, mark());
    }

    /** The machine from one mark to a later one; {@code null} where either could not read /proc/stat. */
    public static HostLoad since(Mark mark, Mark later) {
        long[] now = later.ticks();
        if (mark.ticks() == null || now == null) {
            return null;
        }
        long[] d = new long[now.length];
        for (int i = 0; i < now.length; i++) {
            d[i] = now[i] - mark.ticks()[i];
        }
        // user nice system idle iowait irq softirq steal: guest time is already inside user and nice.
        long all = Arrays.stream(d, 0, Math.min(8, d.length)).sum();
        if (all <= 0) {
            return null;
        }
        long idle = d[3] + d[4];
        long steal = d.length > 7 ? d[7] : 0;
        return new HostLoad(mark.loadAverage(), Decimals.two(100.0 * (all - idle - steal) / all), Decimals.two(100.0 * steal / all));
    }

    private static long[] ticks() {
        try (var reader = Files.newBufferedReader(Path.of("/proc/stat"))) {
            String line = reader.readLine();
            if (line == null || !line.startsWith("cpu ")) {
                return null;
            }
            return Arrays.stream(line.substring(4).trim().split("\\s+")).mapToLong(Long::parseLong).toArray();
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }

    private static Double currentLoadAverage() {
        try (var reader = Files.newBufferedReader(Path.of("/proc/loadavg"))) {
            return Double.parseDouble(reader.readLine().split("\\s+")[0]);
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }
}
