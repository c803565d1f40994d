package containerbench.results;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import containerbench.measure.BlockResult;
import containerbench.measure.HostLoad;
import containerbench.measure.InjectorLimit;
import containerbench.measure.Tier;
import containerbench.settings.SettingException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * The results folder, {@code target/benchmarks/} by default. Every run gets a new file whose name
 * no earlier run holds, so a run never overwrites another's results; studies and calibrations get
 * new folders the same way.
 */
public final class ResultsStore {

    private static final DateTimeFormatter STAMP = DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss").withZone(ZoneOffset.UTC);
    // Unknown fields are skipped: a newer run of the same schema still reads.
    private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT)
            .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);

    // A copy's number at the end of its label in results before schema 17: "tomcat#2".
    private static final Pattern COPY = Pattern.compile("#(\\d+)$");

    private final Path directory;

    public ResultsStore(Path directory) {
        this.directory = directory;
    }

    public Path directory() {
        return directory;
    }

    /** {@code name-<UTC time>}, the stem of every run, study and calibration name. */
    public static String stamped(String name, Instant time) {
        return name + "-" + STAMP.format(time);
    }

    /** Claims a new run id, {@code <container>-<UTC time>[-n]}, by creating its results file. */
    public String claim(String container, Instant start) {
        String base = stamped(container, start);
        for (int n = 1; ; n++) {
            String id = n == 1 ? base : base + "-" + n;
            try {
                Files.createDirectories(directory);
                Files.createFile(fileOf(id));
                return id;
            } catch (FileAlreadyExistsException taken) {
                // an earlier run in the same second: try the next suffix
            } catch (IOException e) {
                throw new UncheckedIOException("cannot create a results file in " + directory, e);
            }
        }
    }

    /** A new folder {@code <name>-<UTC time>[-n]} under {@code parent}, never one that exists. */
    public static Path newDirectory(Path parent, String name, Instant time) {
        String base = stamped(name, time);
        for (int n = 1; ; n++) {
            try {
                Files.createDirectories(parent);
                return Files.createDirectory(parent.resolve(n == 1 ? base : base + "-" + n));
            } catch (FileAlreadyExistsException taken) {
                // one started in the same second: the next suffix
            } catch (IOException e) {
                throw new UncheckedIOException("cannot create a folder in " + parent, e);
            }
        }
    }

    /**
     * The run id of a results file that a parent claimed in this folder for a run it started
     * (its settings file names it); a file that holds anything is refused, since a run never
     * overwrites another's results.
     */
    public String adopt(Path claimed) {
        Path file = claimed.toAbsolutePath().normalize();
        String name = file.getFileName().toString();
        try {
            if (!file.getParent().equals(directory.toAbsolutePath().normalize()) || !name.endsWith(".json")
                    || Files.size(file) > 0) {
                throw new SettingException(claimed + " is not an empty results file claimed in " + directory
                        + ": a run writes only the file its parent claimed for it, and never over another run's results");
            }
        } catch (IOException e) {
            throw new SettingException("the results file " + claimed + " named for this run cannot be read: " + e.getMessage());
        }
        return name.substring(0, name.length() - ".json".length());
    }

    public Path fileOf(String runId) {
        return directory.resolve(runId + ".json");
    }

    public Path logOf(String runId) {
        return directory.resolve(runId + ".target.log");
    }

    /**
     * The log of one target of a run with several: {@code <runId>.<label>.target.log}, every character
     * of the label a file name or a link could stumble on ("#", brackets, spaces, commas) as "-".
     */
    public Path logOf(String runId, String label) {
        return directory.resolve(runId + "." + label.replaceAll("[^A-Za-z0-9._=-]", "-") + ".target.log");
    }

    /** {@code path} as a results file here refers to it: relative to this folder. */
    public String relative(Path path) {
        return path == null ? null
                : directory.toAbsolutePath().relativize(path.toAbsolutePath()).toString().replace('\\', '/');
    }

    /** Replaces the run's own file in one step, so that a reader never sees half a file. */
    public Path write(RunResult result) {
        Path file = fileOf(result.runId());
        Path partial = directory.resolve(result.runId() + ".json.partial");
        try {
            Files.write(partial, JSON.writeValueAsBytes(result));
            return Files.move(partial, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + file, e);
        }
    }

    /**
     * Reads a results file of any schema this version reads.
     *
     * @throws IOException naming why it is not one: unreadable, not JSON, or a schema this version cannot read
     */
    public static StoredRun read(Path file) throws IOException {
        JsonNode tree = JSON.readTree(file.toFile());
        int schema = tree.path("schema").asInt(-1);
        if (!RunResult.READABLE.contains(schema) || !(tree instanceof ObjectNode run)) {
            throw new IOException("results schema " + schema + ", this version reads schemas "
                    + String.join(", ", RunResult.READABLE.stream().map(String::valueOf).toList()));
        }
        if (!run.path("runId").isTextual()) {
            throw new IOException("no runId: not the results of a run");
        }
        if (schema < 11) {
            run.path("blocks").forEach(block -> flatCpu((ObjectNode) block));
        }
        if (schema < 17) {
            run.path("targets").forEach(target -> copyFromLabel((ObjectNode) target));
            negativeAsNull(run.path("environment"), "targetOpenFilesLimit", "somaxconn");
            negativeAsNull(run.path("host"), "loadAverage");
            for (String tiers : List.of("tiers", "warmups", "leadIns", "target", "warmup")) {
                JsonNode all = run.path(tiers);
                (all.isArray() ? all : List.of(all)).forEach(ResultsStore::unknownAsNull);
            }
        }
        // From schema 11 the blocks are as this version records them (12 added each block's requests of
        // a mix, 13 each target's TLS, 14 its HTTP/2 settings); from 18 the comparisons too: before it a
        // run over several launches pooled one launch spread over its tiers, where 18 fits each tier's
        // (PairedRatio.LaunchSpread.byTier), so that a page of old and new runs judges them alike.
        if (schema < 18 && run.path("comparisons").isArray() && (schema < 11 || overSeveralLaunches(run))) {
            return new StoredRun(comparedAnew(run, schema), file);
        }
        return new StoredRun(JSON.treeToValue(schema < 3 ? oneTarget(run) : run, RunResult.class), file);
    }

    /** Whether any block of the run is of a launch after the first: its intervals rest on the launches' spread. */
    private static boolean overSeveralLaunches(JsonNode run) {
        for (JsonNode block : run.path("blocks")) {
            if (block.path("launch").asInt(0) > 0) {
                return true;
            }
        }
        return false;
    }

    /** Before schema 17 an unknown figure was -1: null, as 17 says. */
    private static void negativeAsNull(JsonNode node, String... fields) {
        if (node instanceof ObjectNode object) {
            for (String field : fields) {
                if (object.path(field).isNumber() && object.path(field).asDouble() < 0) {
                    object.putNull(field);
                }
            }
        }
    }

    /** A tier's resources of schema 16 or before, whose target figures said -1 where they were not known: null, as 17 says. */
    private static void unknownAsNull(JsonNode tier) {
        negativeAsNull(tier.path("resources"), "targetCpuMeanPercent", "targetCpuMaxPercent", "targetCpuMachinePercent",
                "targetRssMaxMib", "heapUsedMaxMib", "heapCommittedMaxMib", "targetCpuMicrosPerRequest");
        tier.path("byRequest").forEach(ResultsStore::unknownAsNull);
    }

    /**
     * A target of schema 16 or before, which said which copy of its configuration it was only in its label
     * ("tomcat#2"): the copy as schema 17 records it.
     */
    private static void copyFromLabel(ObjectNode target) {
        Matcher copy = COPY.matcher(target.path("label").asText());
        target.put("copy", copy.find() ? Integer.parseInt(copy.group(1)) : 1);
    }

    /**
     * An interleaved run of schema 3 to 9 with its comparisons worked out again from its blocks:
     * schemas 3 to 5 kept no adjusted intervals and no failures, and left out a round whose block
     * failed outright; before schema 10 a block without an OK response counted as half a response in
     * the TPS ratio, and no target failed a tier. Before schema 7 a block was limited by the injector
     * only when Gatling filled every core it may use, which it cannot while it shares them with the
     * targets: such a run's blocks are judged again by {@link InjectorLimit}, the machine's load over
     * the whole run (schema 6) standing for each block's; none is limited anew without it. Schemas 7
     * to 10 keep the flag as they recorded it, by that broader rule ({@link InjectorLimit#tookAllItCould}):
     * it fired where target and Gatling filled the machine together, and their TPS stays unjudged there.
     */
    private static RunResult comparedAnew(ObjectNode run, int schema) throws IOException {
        Map<Tier, String> stoppedBy = new LinkedHashMap<>();
        run.path("comparisons").forEach(tier -> stoppedBy.put(Tier.parse(tier.path("tier").asText()),
                tier.path("stoppedBy").asText("rounds")));
        run.remove("comparisons");
        RunResult old = JSON.treeToValue(run, RunResult.class);
        HostLoad host = old.host();
        int machine = old.environment() == null ? 0 : old.environment().logicalCpus();
        List<BlockResult> blocks = old.blocks().stream().map(b -> schema >= 7 || host == null || machine <= 0 || old.injector() == null
                || b.cpu().injectorPercent() == null ? b
                : b.withInjectorLimited(b.injectorLimited() || InjectorLimit.tookAllItCould(b.cpu().injectorPercent(), old.injector().cpus(),
                        (100 - host.busyPercent() - host.stealPercent()) * machine))).toList();
        return old.toBuilder().blocks(blocks).comparisons(Comparisons.of(blocks, old.targets().stream()
                .map(RunResult.Target::label).toList(), stoppedBy, schema < 6 ? 0 : old.pilotPairs())).build();
    }

    /**
     * A block of schema 3 to 10 in the shape of 11: its CPU figures, flat beside the rest with -1 for
     * unknown, gathered into {@code cpu} with null. The wait before each block was not charged, nor
     * Gatling's busiest thread read.
     */
    private static void flatCpu(ObjectNode block) {
        ObjectNode cpu = block.putObject("cpu");
        Map.of("targetCpuMicrosPerResponse", "targetMicrosPerResponse", "injectorCpuPercent", "injectorPercent",
                "machineBusyPercent", "machineBusyPercent", "machineStealPercent", "machineStealPercent",
                "waitingCpuPercent", "waitingPercent").forEach((flat, inside) -> {
                    JsonNode value = block.remove(flat);
                    if (value != null && value.isNumber() && value.asDouble() >= 0) {
                        cpu.set(inside, value);
                    }
                });
    }

    /** A schema 1 or 2 run, of one target, in the shape of schema 3: its target, warm-up and tiers labelled. */
    private static ObjectNode oneTarget(ObjectNode run) {
        String container = run.path("container").asText(null);
        JsonNode target = run.remove("target");
        ArrayNode targets = run.putArray("targets");
        if (target instanceof ObjectNode one) {
            one.put("label", container).put("container", container).set("containerVersion", run.get("containerVersion"));
            targets.add(one);
        }
        JsonNode warmup = run.remove("warmup");
        ArrayNode warmups = run.putArray("warmups");
        if (warmup instanceof ObjectNode one) {
            warmups.add(one.put("target", container));
        }
        run.path("tiers").forEach(tier -> ((ObjectNode) tier).put("target", container));
        run.putArray("settling");
        run.putArray("blocks");
        run.putArray("comparisons");
        return run;
    }

    /** The results files in {@code dir}, by name: its {@code .json} files (a parent's settings files are in a folder of their own). */
    public static List<Path> runFiles(Path dir) throws IOException {
        try (Stream<Path> files = Files.list(dir)) {
            return files.filter(f -> f.getFileName().toString().endsWith(".json") && Files.isRegularFile(f)).sorted().toList();
        }
    }

    /** Writes any other record (a study, a calibration) as this store writes runs. */
    public static void writeJson(Path file, Object value) {
        try {
            Files.write(file, JSON.writeValueAsBytes(value));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + file, e);
        }
    }

    public static <T> T readJson(Path file, Class<T> type) throws IOException {
        return JSON.readValue(file.toFile(), type);
    }
}
