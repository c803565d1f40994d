package containerbench.measure;

import java.io.IOException;
import java.io.PrintStream;
import java.io.StringReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Function;
import one.convert.Arguments;
import one.convert.FlameGraph;
import one.jfr.ClassRef;
import one.jfr.JfrReader;
import one.jfr.MethodRef;
import one.jfr.StackTrace;
import one.jfr.event.ExecutionSample;

/**
 * What each target's profiler saw during its own measured blocks ({@code -Dprofile=cpu}): every
 * launch's recording cut by the instants of that target's blocks of that launch, so that a profile
 * is of the load its CPU per response was measured under and of nothing else (its warm-up, its waits
 * while the others took their turns). Each sample is charged to the Java class running nearest the
 * top of its stack outside the JDK, the JDK's and the native code it called included, and named with
 * the JDK class it was in ({@code org.xnio.nio.WorkerThread > sun.nio.ch.EPoll}): a container's cost
 * is what its own code does and asks the JDK to do. A stack of the JDK alone is charged to its top
 * Java class; a JVM thread with no Java frame, to the JVM's collector, its compiler or its other work.
 *
 * @param event what was sampled: {@code cpu}
 * @param intervalNanos the CPU time between two samples of a thread
 * @param parts per tier and target, in the blocks' order
 */
public record Profiles(String event, long intervalNanos, List<Part> parts) {

    /** A class whose samples stay under this share of its tier's samples on every side is counted under its package's "(other)". */
    static final double KEPT_SHARE = 0.001;
    // The classes of a package under that share, together.
    private static final String OTHER = ".(other)";
    // Between the class a sample is charged to and the JDK class it was running: "org.x.Pool > jdk.internal.misc.Unsafe".
    public static final String CALLED = " > ";
    /** The part of the run's own JVM, the injector ({@code -Dprofile.injector}), in its own {@code Profiles}. */
    public static final String INJECTOR = "injector";

    /**
     * A stretch of one target's load whose samples a profile keeps: a block of an interleaved run, or a
     * tier of a one-target run.
     *
     * @param responses its OK responses
     */
    public record Window(Tier tier, String target, int launch, long startMillis, long endMillis, long responses) {

        /** The blocks of an interleaved run, a warm-up's left out. */
        public static List<Window> ofBlocks(List<BlockResult> blocks) {
            return blocks.stream().filter(b -> b.tier() != null)
                    .map(b -> new Window(b.tier(), b.target(), b.launch(), b.startMillis(), b.endMillis(), b.ok())).toList();
        }

        /**
         * The injector's windows: the same stretches, every target's, as one launch of {@link #INJECTOR}, so that its CPU per
         * response is over every response it sent in a tier.
         */
        public static List<Window> ofInjector(List<Window> windows) {
            return windows.stream().map(w -> new Window(w.tier(), INJECTOR, 0, w.startMillis(), w.endMillis(), w.responses())).toList();
        }

        /** The tiers of a run of one target, in one launch. */
        public static List<Window> ofTiers(List<TierResult> tiers) {
            return tiers.stream().map(t -> new Window(Tier.parse(t.name()), t.target(), 0, t.window().startMillis(), t.window().endMillis(), t.ok()))
                    .toList();
        }
    }

    /** One target's recording of one launch: a JFR file that async-profiler wrote when the launch ended. */
    public record Recording(String target, int launch, Path file) {
    }

    /**
     * One target in one tier.
     *
     * @param flameGraph its flame graph over every launch's blocks (an HTML page), relative to the results file; {@code null}
     *     without samples
     * @param stacks the same samples as folded stacks, a line a stack, root first ("a;b;c 12"), which other tools read
     *     (Brendan Gregg's flamegraph.pl and difffolded.pl, speedscope); {@code null} without samples
     * @param differential for a target other than the baseline, its differential flame graph against the baseline's in the
     *     tier ({@link DifferentialFlameGraph}), relative to the results file; {@code null} for the baseline, or without samples
     * @param launches each launch's samples, in launch order
     */
    public record Part(Tier tier, String target, String flameGraph, String stacks, String differential, List<Launch> launches) {
    }

    /**
     * One launch of a target in a tier.
     *
     * @param responses the OK responses of its blocks in the tier
     * @param samples every sample taken in those blocks
     * @param frames the samples by the class they were charged to (or the JVM's own work), the largest first
     */
    public record Launch(int launch, long responses, long samples, Map<String, Long> frames) {
    }

    /** The CPU microseconds per response that {@code samples}, each {@code intervalNanos} of CPU, make over {@code responses}. */
    public static double microsPerResponse(long samples, long intervalNanos, long responses) {
        return samples * (intervalNanos / 1000.0) / responses;
    }

    /**
     * Cuts every recording by its target's blocks of its launch, and draws each tier's flame graph of
     * each target into {@code folder}, and of each target other than {@code baseline} its differential one.
     *
     * @param baseline the target the others' differential flame graphs are against, or {@code null} for none (the injector)
     * @param relative how the results file names a file of {@code folder}
     */
    public static Profiles cut(String event, long intervalNanos, List<Recording> recordings, List<Window> blocks, String baseline,
            Path folder, Function<Path, String> relative) {
        // (tier, target) -> launch -> class -> samples; and the stacks of each, for its flame graph.
        Map<Tier, Map<String, Map<Integer, Map<String, Long>>>> charged = new LinkedHashMap<>();
        Map<Tier, Map<String, Map<String, Long>>> stacks = new HashMap<>();
        // Every profiled target in every tier, in the blocks' order: a target run without the profiler has no part.
        java.util.Set<String> profiled = new java.util.HashSet<>(recordings.stream().map(Recording::target).toList());
        for (Window block : blocks) {
            if (profiled.contains(block.target())) {
                charged.computeIfAbsent(block.tier(), t -> new LinkedHashMap<>()).computeIfAbsent(block.target(), t -> new TreeMap<>());
            }
        }
        for (Recording recording : recordings) {
            List<Window> own = blocks.stream().filter(b -> b.target().equals(recording.target()) && b.launch() == recording.launch())
                    .sorted(Comparator.comparingLong(Window::startMillis)).toList();
            if (own.isEmpty() || !Files.isRegularFile(recording.file())) {
                continue;
            }
            read(recording.file(), own, (block, key, stack, samples) -> {
                charged.get(block.tier()).get(recording.target()).computeIfAbsent(recording.launch(), l -> new TreeMap<>())
                        .merge(key, samples, Long::sum);
                stacks.computeIfAbsent(block.tier(), t -> new HashMap<>()).computeIfAbsent(recording.target(), t -> new HashMap<>())
                        .merge(stack, samples, Long::sum);
            });
        }
        List<Part> parts = new ArrayList<>();
        charged.forEach((tier, targets) -> {
            java.util.Set<String> kept = kept(targets);
            targets.forEach((target, launches) -> {
                List<Launch> each = new ArrayList<>();
                launches.forEach((launch, classes) -> each.add(new Launch(launch, responses(blocks, tier, target, launch),
                        classes.values().stream().mapToLong(Long::longValue).sum(), folded(classes, kept))));
                Map<String, Long> own = stacks.getOrDefault(tier, Map.of()).get(target);
                Map<String, Long> base = baseline == null ? null : stacks.getOrDefault(tier, Map.of()).get(baseline);
                Path graph = own == null ? null : flameGraph(folder, tier, target, own);
                Path differential = own == null || base == null || target.equals(baseline) ? null
                        : differential(folder, tier, target, own, responses(blocks, tier, target, launches.keySet()), baseline, base,
                        responses(blocks, tier, baseline, targets.get(baseline).keySet()), intervalNanos);
                parts.add(new Part(tier, target, graph == null ? null : relative.apply(graph),
                        graph == null ? null : relative.apply(graph.resolveSibling(graph.getFileName().toString().replace(".html", ".folded"))),
                        differential == null ? null : relative.apply(differential), each));
            });
        });
        return new Profiles(event, intervalNanos, parts);
    }

    private static long responses(List<Window> blocks, Tier tier, String target, java.util.Collection<Integer> launches) {
        return launches.stream().mapToLong(launch -> responses(blocks, tier, target, launch)).sum();
    }

    private static Path differential(Path folder, Tier tier, String target, Map<String, Long> own, long ownResponses, String baseline,
            Map<String, Long> base, long baseResponses, long intervalNanos) {
        if (ownResponses == 0 || baseResponses == 0) {
            return null;
        }
        Path file = folder.resolve((target + "-vs-" + baseline + "-" + tier).replaceAll("[^A-Za-z0-9._=-]", "-") + ".html");
        String page = DifferentialFlameGraph.page(target + " against " + baseline + ", " + tier + ": CPU per response over its measured blocks",
                own, intervalNanos / 1000.0 / ownResponses, base, intervalNanos / 1000.0 / baseResponses);
        try {
            Files.createDirectories(folder);
            Files.writeString(file, page);
        } catch (IOException e) {
            throw new UncheckedIOException("could not write the differential flame graph " + file + ": " + e.getMessage(), e);
        }
        return file;
    }

    private static long responses(List<Window> blocks, Tier tier, String target, int launch) {
        return blocks.stream().filter(b -> tier.equals(b.tier()) && b.target().equals(target) && b.launch() == launch)
                .mapToLong(Window::responses).sum();
    }

    /** The classes that reach {@link #KEPT_SHARE} of some target's samples in the tier, in some launch. */
    private static java.util.Set<String> kept(Map<String, Map<Integer, Map<String, Long>>> targets) {
        java.util.Set<String> kept = new java.util.HashSet<>();
        for (Map<Integer, Map<String, Long>> launches : targets.values()) {
            for (Map<String, Long> classes : launches.values()) {
                long all = classes.values().stream().mapToLong(Long::longValue).sum();
                classes.forEach((name, samples) -> {
                    if (samples >= KEPT_SHARE * all) {
                        kept.add(name);
                    }
                });
            }
        }
        return kept;
    }

    /** The classes kept as they are, the others summed into their package's {@code (other)}, the largest first. */
    private static Map<String, Long> folded(Map<String, Long> classes, java.util.Set<String> kept) {
        Map<String, Long> folded = new HashMap<>();
        classes.forEach((name, samples) -> folded.merge(kept.contains(name) ? name : name.startsWith("(") ? name
                : packageOf(name) + OTHER + (name.contains(CALLED) ? CALLED + workOf(name) : ""), samples, Long::sum));
        Map<String, Long> ordered = new LinkedHashMap<>();
        folded.entrySet().stream().sorted(Map.Entry.<String, Long>comparingByValue().reversed().thenComparing(Map.Entry.comparingByKey()))
                .forEach(e -> ordered.put(e.getKey(), e.getValue()));
        return ordered;
    }

    /**
     * The package a frame's class belongs to ({@code org.apache.coyote.http11} of
     * {@code org.apache.coyote.http11.Http11Processor}); the JVM's own work is its own package.
     */
    public static String packageOf(String name) {
        if (name.startsWith("(")) {
            return name;
        }
        int called = name.indexOf(CALLED);
        String caller = called < 0 ? name : name.substring(0, called);
        if (caller.endsWith(OTHER)) {
            return caller.substring(0, caller.length() - OTHER.length());
        }
        int dot = caller.lastIndexOf('.');
        return dot < 0 ? "(default package)" : caller.substring(0, dot);
    }

    /**
     * The JDK class a charged name ended in ({@code sun.nio.ch.EPoll} of {@code org.xnio.nio.WorkerThread > sun.nio.ch.EPoll}),
     * the JDK class itself for a stack of the JDK alone, the JVM's own work as it is, and otherwise the target's own code.
     */
    public static String workOf(String name) {
        if (name.startsWith("(")) {
            return name;
        }
        int called = name.indexOf(CALLED);
        if (called >= 0) {
            return name.substring(called + CALLED.length());
        }
        String caller = name.endsWith(OTHER) ? name.substring(0, name.length() - OTHER.length()) + ".x" : name;
        return jdk(caller) ? name : "(its own code)";
    }

    private interface Sink {
        void sample(Window block, String charged, String stack, long samples);
    }

    /** Every sample of {@code file} taken inside one of {@code blocks} (sorted by start), charged and folded. */
    private static void read(Path file, List<Window> blocks, Sink sink) {
        try (JfrReader jfr = new JfrReader(file.toString())) {
            Map<Long, String[]> resolved = new HashMap<>();
            for (ExecutionSample next; (next = jfr.readEvent(ExecutionSample.class)) != null; ) {
                ExecutionSample sample = next;
                long millis = (jfr.chunkStartNanos + (long) ((sample.time - jfr.chunkStartTicks) * 1e9 / jfr.ticksPerSec)) / 1_000_000;
                Window block = blockAt(blocks, millis);
                if (block == null) {
                    continue;
                }
                int tid = sample.tid;
                String[] stack = resolved.computeIfAbsent(((long) sample.stackTraceId << 32) | (tid & 0xffffffffL),
                        key -> resolve(jfr, jfr.stackTraces.get(sample.stackTraceId), jfr.threads.get(tid)));
                // One event may stand for several samples of the same stack.
                sink.sample(block, stack[0], stack[1], Math.max(1, sample.samples));
            }
        } catch (IOException e) {
            throw new UncheckedIOException("could not read the profile " + file + ": " + e.getMessage(), e);
        }
    }

    private static Window blockAt(List<Window> blocks, long millis) {
        int low = 0;
        int high = blocks.size() - 1;
        while (low <= high) {
            int mid = (low + high) >>> 1;
            Window block = blocks.get(mid);
            if (millis < block.startMillis()) {
                high = mid - 1;
            } else if (millis > block.endMillis()) {
                low = mid + 1;
            } else {
                return block;
            }
        }
        return null;
    }

    // async-profiler's frame types (one.convert.Frame): what a frame of a stack is.
    private static final byte INTERPRETED = 0;
    private static final byte JIT = 1;
    private static final byte INLINED = 2;
    private static final byte KERNEL = 5;
    private static final byte C1 = 6;

    /** The class a stack is charged to, and the stack as a flame graph's line (root first, {@code ;} between frames). */
    private static String[] resolve(JfrReader jfr, StackTrace trace, String thread) {
        String charged = null;
        StringBuilder folded = new StringBuilder();
        if (trace == null) {
            return new String[] {jvmWork(thread), "[unknown]"};
        }
        for (int i = trace.methods.length - 1; i >= 0; i--) {
            byte type = trace.types[i];
            MethodRef method = jfr.methods.get(trace.methods[i]);
            boolean java = type == INTERPRETED || type == JIT || type == INLINED || type == C1;
            String className = method == null ? "" : symbol(jfr, classOf(jfr, method));
            String name = method == null ? "unknown" : symbol(jfr, method.name);
            if (folded.length() > 0) {
                folded.append(';');
            }
            if (java && !className.isEmpty()) {
                folded.append(className).append('.').append(name).append(type == JIT ? "_[j]" : type == INLINED ? "_[i]"
                        : type == C1 ? "_[1]" : "_[0]");
            } else {
                folded.append(name.replace(';', ':')).append(type == KERNEL ? "_[k]" : "");
            }
        }
        // The nearest Java frame, and the nearest outside the JDK: the JDK's work is charged to the code that asked for it.
        String top = null;
        for (int i = 0; i < trace.methods.length && charged == null; i++) {
            byte type = trace.types[i];
            MethodRef method = jfr.methods.get(trace.methods[i]);
            if (method != null && (type == INTERPRETED || type == JIT || type == INLINED || type == C1)) {
                String className = symbol(jfr, classOf(jfr, method));
                if (!className.isEmpty()) {
                    String dotted = normalized(className.replace('/', '.'));
                    top = top == null ? dotted : top;
                    charged = jdk(dotted) ? null : top.equals(dotted) ? dotted : dotted + CALLED + top;
                }
            }
        }
        charged = charged != null ? charged : top;
        return new String[] {charged != null ? charged : jvmWork(thread), folded.toString()};
    }

    private static long classOf(JfrReader jfr, MethodRef method) {
        ClassRef ref = jfr.classes.get(method.cls);
        return ref == null ? 0 : ref.name;
    }

    private static String symbol(JfrReader jfr, long id) {
        byte[] bytes = jfr.symbols.get(id);
        return bytes == null ? "" : new String(bytes, StandardCharsets.UTF_8);
    }

    /** Whether a class is the JDK's own, whose work a profile charges to its caller outside the JDK. */
    static boolean jdk(String className) {
        return className.startsWith("java.") || className.startsWith("jdk.") || className.startsWith("sun.")
                || className.startsWith("com.sun.") || className.startsWith("javax.");
    }

    /** A lambda's or hidden class's name without its per-JVM number, so that launches name it alike. */
    static String normalized(String className) {
        int lambda = className.indexOf("$$Lambda");
        if (lambda >= 0) {
            return className.substring(0, lambda) + "$$Lambda";
        }
        return className.replaceAll("\\.0x[0-9a-f]+$", "").replaceAll("/\\d+$", "");
    }

    /** What a JVM thread with no Java frame on its stack was doing, by its name: collecting, compiling or the rest. */
    static String jvmWork(String thread) {
        String name = thread == null ? "" : thread;
        if (name.matches(".*(GC|G1|Parallel|ZGC|Shenandoah|Conc#|Refine).*")) {
            return "(JVM: garbage collector)";
        }
        if (name.contains("Compiler")) {
            return "(JVM: JIT compiler)";
        }
        return "(JVM: other threads)";
    }

    private static Path flameGraph(Path folder, Tier tier, String target, Map<String, Long> stacks) {
        Path file = folder.resolve((target + "-" + tier).replaceAll("[^A-Za-z0-9._=-]", "-") + ".html");
        StringBuilder collapsed = new StringBuilder();
        stacks.forEach((stack, samples) -> collapsed.append(stack).append(' ').append(samples).append('\n'));
        Arguments arguments = new Arguments();
        arguments.title = target + ", " + tier + ": CPU over its measured blocks";
        FlameGraph graph = new FlameGraph(arguments);
        try {
            graph.parseCollapsed(new StringReader(collapsed.toString()));
            Files.createDirectories(folder);
            Files.writeString(file.resolveSibling(file.getFileName().toString().replace(".html", ".folded")), collapsed);
            try (PrintStream out = new PrintStream(Files.newOutputStream(file), false, StandardCharsets.UTF_8)) {
                graph.dump(out);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("could not write the flame graph " + file + ": " + e.getMessage(), e);
        }
        return file;
    }
}
