package containerbench.measure;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Why requests failed, per tier, from Gatling's own failure messages (which the session does not
 * carry): refused, reset, timeout or an HTTP status. One per run; {@link GatlingFailureLog} feeds it.
 */
public final class FailureCauses {

    private static final int EXAMPLES = 3;
    private static final Pattern STATUS = Pattern.compile("found (\\d{3})");

    private final Map<String, Map<String, LongAdder>> causes = new ConcurrentHashMap<>();
    private final Map<String, List<String>> examples = new ConcurrentHashMap<>();

    /** Counts one failure of the request named {@code request} (a tier's name). */
    public void record(String request, String message) {
        String cause = classify(message);
        causes.computeIfAbsent(request, r -> new ConcurrentHashMap<>()).computeIfAbsent(cause, c -> new LongAdder()).increment();
        List<String> kept = examples.computeIfAbsent(request, r -> Collections.synchronizedList(new ArrayList<>()));
        synchronized (kept) {
            String example = message.length() > 200 ? message.substring(0, 200) + "..." : message;
            if (kept.size() < EXAMPLES && !kept.contains(example)) {
                kept.add(example);
            }
        }
    }

    /** The failure causes of one tier: {@code refused}, {@code reset}, {@code timeout}, {@code HTTP 503}, {@code other}. */
    public Map<String, Long> causesOf(String request) {
        Map<String, Long> counts = new TreeMap<>();
        causes.getOrDefault(request, Map.of()).forEach((cause, count) -> counts.put(cause, count.sum()));
        return counts;
    }

    public List<String> examplesOf(String request) {
        List<String> kept = examples.getOrDefault(request, List.of());
        synchronized (kept) {
            return List.copyOf(kept);
        }
    }

    static String classify(String message) {
        String m = message.toLowerCase(java.util.Locale.ROOT);
        Matcher status = STATUS.matcher(message);
        if (m.contains("status") && status.find()) {
            return "HTTP " + status.group(1);
        }
        if (m.contains("refused")) {
            return "refused";
        }
        if (m.contains("reset") || m.contains("premature close") || m.contains("closed") || m.contains("broken pipe")) {
            return "reset";
        }
        if (m.contains("timeout") || m.contains("timed out")) {
            return "timeout";
        }
        return "other";
    }
}
