package containerbench.report;

import containerbench.measure.TierResources;
import containerbench.measure.TierResult;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

/**
 * One tier of one run as every view shows it, formatted once: the console table, the comparison
 * page and its Markdown summary lay out the same cells. A figure nobody could know is {@code null},
 * which each view shows in its own way, never as -1.
 *
 * @param cells one per {@link #HEADERS}, in order
 * @param failures failed requests by cause
 * @param flags what makes the tier's figures not the container's alone
 */
public record TierRow(int users, List<String> cells, Map<String, Long> failures, List<String> flags) {

    public static final List<String> HEADERS = List.of("requests", "OK", "KO", "TPS", "mean ms", "p50", "p95", "p99",
            "max", "KO %", "CPU %", "CPU % max", "CPU µs/req", "RSS MiB", "heap MiB", "Gatling CPU %");

    public static final String INJECTOR_SATURATED = "injector limited";
    public static final String MACHINE_BUSY = "machine full";

    public static TierRow of(TierResult tier) {
        TierResult.Latency ms = tier.latencyMs();
        TierResources r = tier.resources();
        List<String> cells = new ArrayList<>(Arrays.asList(Long.toString(tier.requests()), Long.toString(tier.ok()),
                Long.toString(tier.ko()), String.format("%.0f", tier.tps()),
                ms == null ? null : String.format("%.2f", ms.mean()), ms == null ? null : Long.toString(ms.p50()),
                ms == null ? null : Long.toString(ms.p95()), ms == null ? null : Long.toString(ms.p99()),
                ms == null ? null : Long.toString(ms.max()), String.format("%.2f", tier.failurePercent())));
        cells.addAll(Arrays.asList(r == null ? null : known("%.0f", r.targetCpuMeanPercent()),
                r == null ? null : known("%.0f", r.targetCpuMaxPercent()),
                r == null ? null : known("%.1f", r.targetCpuMicrosPerRequest()),
                r == null ? null : known("%d", r.targetRssMaxMib()), r == null ? null : known("%d", r.heapUsedMaxMib()),
                r == null ? null : known("%.0f", r.injectorCpuMeanPercent())));
        List<String> flags = new ArrayList<>();
        if (r != null && r.injectorSaturated()) {
            flags.add(INJECTOR_SATURATED);
        }
        if (r != null && r.machineSaturated()) {
            flags.add(MACHINE_BUSY);
        }
        return new TierRow(tier.users(), cells, tier.failures() == null ? Map.of() : tier.failures(), flags);
    }

    /** The figure, or {@code null} where the sampler could not know it (it records -1). */
    private static String known(String format, Number value) {
        return value == null ? null : String.format(format, value);
    }

    /** The cells with {@code unknown} where a figure is not known. */
    public List<String> cells(String unknown) {
        return cells.stream().map(cell -> cell == null ? unknown : cell).toList();
    }
}
