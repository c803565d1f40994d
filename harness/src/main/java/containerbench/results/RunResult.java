package containerbench.results;

import com.fasterxml.jackson.annotation.JsonUnwrapped;
import containerbench.launcher.TargetProtocol;
import containerbench.measure.BlockResult;
import containerbench.measure.Environment;
import containerbench.measure.HostLoad;
import containerbench.measure.Injector;
import containerbench.measure.Profiles;
import containerbench.measure.Sampling;
import containerbench.measure.Tier;
import containerbench.measure.TierResult;
import containerbench.settings.Connections;
import containerbench.settings.LoadClient;
import containerbench.settings.Precision;
import containerbench.settings.TargetSettings;
import containerbench.settings.TierPlan;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * One run, as written to {@code <benchmarks.dir>/<runId>.json}; docs/results.md documents the
 * schema. Paths in it are relative to the file, so that a results folder still works when copied.
 * {@link ResultsStore} reads schemas 1 and 2 (one target, absolute paths in 1) into this shape. Built
 * by a {@link Builder}: each stage of a run adds what it knows. Its parts are written flat, each
 * field at the top of the file as it always was ({@link JsonUnwrapped}); each field is read through
 * an accessor of its own name here too.
 *
 * @param header which run it is, how it ended and where its report is
 * @param targets every target, the baseline first
 * @param conditions what it was asked to do, and the machine, injectors and application it did it with
 * @param measured what it measured, phase by phase
 * @param judged what the run concluded from it: comparisons, a capacity search's findings
 */
public record RunResult(int schema, @JsonUnwrapped Header header, List<Target> targets, @JsonUnwrapped Conditions conditions,
        @JsonUnwrapped Measured measured, @JsonUnwrapped Judged judged) {

    /**
     * @param container the baseline's container: the only one of a one-container run
     * @param containerVersion the baseline's version
     * @param description the containers and the knobs that differ from their defaults
     * @param gatlingReport the index.html of this run's Gatling report, relative to this file
     * @param failure why the run failed, in the harness's words; {@code null} unless it failed (schema 5)
     */
    public record Header(String runId, RunStatus status, String container, String containerVersion, String description,
            String startedAt, String finishedAt, String gatlingReport, String failure) {
    }

    /**
     * @param interleaving how several targets shared each tier, or {@code null} for one target
     * @param cpuLimit the CPU limit each launched target ran under, or {@code null} for none
     * @param injection how several injectors shared the run, or {@code null} for one injector (schema 4)
     * @param environment the machine and its limits, or {@code null} when the run failed before the load
     * @param host how busy the machine was over the load, the hypervisor's steal included; {@code null} where
     *     unknown (schema 6)
     * @param app the user's application (-Dapp.war, -Dapp.requests) and the check of its requests before
     *     the load; {@code null} for the studies' login servlet (schema 8, with each tier's {@code byRequest})
     */
    public record Conditions(Plan plan, Interleaving interleaving, CpuLimit cpuLimit, Injector injector, Injection injection,
            Environment environment, HostLoad host, Sampling sampling, App app) {
    }

    /**
     * @param warmups every target's warm-up, counted in no tier
     * @param leadIns with several targets, each tier's lead-in round per target, run before the tier's
     *     measured rounds and counted in no tier (schema 10)
     * @param settling how long each target's warm-up lasted, and whether an auto warm-up found it steady
     * @param tiers every tier of every target, in plan order, the targets in order within a tier
     * @param blocks every block of an interleaved run, in the order they ran; empty for one target
     * @param answeredAfterRun whether the launched targets still answered a login after the load (null if not asked)
     * @param profiles what each target's profiler saw over its own blocks (-Dprofile, schema 19); {@code null} when not profiled
     * @param injectorProfiles what the run's own JVM's profiler saw over every block, one part per tier
     *     (-Dprofile.injector, schema 20); {@code null} when not profiled
     * @param launchFigures each launch of each target besides its load: its start-up, memory at rest and size on
     *     disk, launch after launch (schema 21; empty before, and in a run several injectors share)
     */
    public record Measured(List<TierResult> warmups, List<TierResult> leadIns, List<Settling> settling, List<TierResult> tiers,
            List<BlockResult> blocks, Boolean answeredAfterRun, Profiles profiles, Profiles injectorProfiles,
            List<containerbench.measure.LaunchFigures> launchFigures) {
    }

    /**
     * @param comparisons per tier, every target against the baseline, from the paired blocks. Schema 6:
     *     adjusted intervals, failures, blocks that failed outright counted; schema 7: blocks limited by the
     *     injector where it filled what the machine left it; schema 10: a target that failed a tier said so,
     *     its ratios not judged, the rounds each ratio left out counted; older schemas' comparisons are
     *     worked out again from their blocks when read
     * @param capacity a capacity search's findings, or {@code null} for a run without {@code slo.p99Ms} (schema 9)
     * @param footprint every other target against the baseline besides CPU per response: start-up, memory at
     *     rest, bytes allocated per response and collector pauses ({@link Footprints}; schema 21, empty before)
     */
    public record Judged(List<TierComparison> comparisons, CapacitySearch capacity, List<Footprints.Comparison> footprint) {
    }

    public static final int SCHEMA = 22;

    /** Every schema this version reads. */
    public static final List<Integer> READABLE = List.of(1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22);

    /**
     * A capacity search's findings (-Dslo.p99Ms): each target's highest rate that kept the goal, and
     * with several targets each one's capacity over the baseline's (schema 9).
     */
    public record CapacitySearch(containerbench.settings.OpenModel.Slo slo, List<Capacities.Capacity> capacities,
            List<Capacities.Ratio> ratios) {
    }

    /**
     * A target, each of its parts written flat where its fields always were ({@link JsonUnwrapped}) and
     * each field read through an accessor of its own name.
     *
     * @param label how results and pages name it: the container, with #2 for the same container again
     * @param tls what it was asked to speak over TLS and what its handshake agreed before the load (schema 13);
     *     {@code null} for cleartext HTTP/1.1
     * @param copy which copy of one configuration it is: 1, then 2, 3 for the same configuration again (an A/A
     *     run), which its label says as #2, #3 (schema 17; read from the label before); {@code null} where not known
     */
    public record Target(String label, String container, String containerVersion, @JsonUnwrapped Started started,
            @JsonUnwrapped Jvm jvm, @JsonUnwrapped Knobs knobs, Tls tls, Integer copy) {

        /**
         * @param launched whether the harness started the target (else it was already running at url)
         * @param log the target's log, relative to the results file
         */
        public record Started(boolean launched, String url, String log) {
        }

        /** The target's Java version and JVM options, as its launcher reported them. */
        public record Jvm(String java, String jvmArgs) {
        }

        /**
         * @param settings every knob as the target's launcher reported it after start: read back from the
         *     container where it can be, else as the launcher gave it
         * @param common the same settings under their cross-container names: threads, backlog, idleTimeout
         * @param given the knobs the run set for it, globally or in its brackets, under its container's names (every
         *     other knob is its launcher's default), which the page shows first; {@code null} for a target the harness
         *     did not launch, and in results written before it was kept
         */
        public record Knobs(Map<String, String> settings, Map<String, String> common, Map<String, String> given) {
        }

        public boolean launched() {
            return started.launched();
        }

        public String url() {
            return started.url();
        }

        public String log() {
            return started.log();
        }

        public String java() {
            return jvm.java();
        }

        public String jvmArgs() {
            return jvm.jvmArgs();
        }

        public Map<String, String> settings() {
            return knobs.settings();
        }

        public Map<String, String> common() {
            return knobs.common();
        }

        public Map<String, String> given() {
            return knobs.given();
        }

        /** The same target with what its TLS handshake agreed. */
        public Target withTls(Tls agreed) {
            return new Target(label, container, containerVersion, started, jvm, knobs, agreed, copy);
        }

        /** The same target, known to be copy {@code n} of its configuration. */
        public Target asCopy(int n) {
            return new Target(label, container, containerVersion, started, jvm, knobs, tls, n);
        }

        /** The name of its configuration: its label without the #2 of a copy; the label where the copy is not known. */
        public String configuration() {
            return copy == null || copy == 1 ? label : label.substring(0, label.length() - ("#" + copy).length());
        }

        /**
         * A target as the results record it, from what its launcher reported ({@link TargetProtocol});
         * one started elsewhere reported nothing.
         */
        public static Target of(TargetSettings settings, Map<String, String> facts, String url, String log) {
            if (!settings.launched()) {
                return new Target(settings.label(), settings.container(), "unknown", new Started(false, url, null),
                        new Jvm(null, null), new Knobs(Map.of(), Map.of(), null), null, settings.copy());
            }
            Map<String, String> knobs = TargetProtocol.knobs(facts);
            Map<String, String> common = new TreeMap<>();
            settings.commonNames().forEach((name, knob) -> common.put(name, knobs.get(knob)));
            return new Target(settings.label(), settings.container(),
                    facts.getOrDefault(TargetProtocol.CONTAINER_VERSION, "unknown"), new Started(true, url, log),
                    new Jvm(facts.get(TargetProtocol.JAVA_VERSION), facts.get(TargetProtocol.JVM_ARGS)),
                    new Knobs(knobs, common, new TreeMap<>(settings.knobs())), null, settings.copy());
        }
    }

    /**
     * A target's TLS: what it was asked to speak, and what a handshake offering h2 then HTTP/1.1 agreed
     * before the load.
     *
     * @param http {@code h1-tls} or {@code h2} ({@code -Dhttp})
     * @param negotiated {@code h2} or {@code http/1.1}
     * @param alpn whether the server chose by ALPN
     * @param protocol the TLS version, such as {@code TLSv1.3}
     * @param cipher the cipher suite
     * @param key the run's key every target served, such as {@code RSA 2048}
     * @param http2 over h2, the settings the target announced to a new connection, by name, and its
     *     connection's window ({@code connectionWindow}); {@code null} over HTTP/1.1 (schema 14)
     */
    public record Tls(String http, String negotiated, boolean alpn, String protocol, String cipher, String key,
            Map<String, Long> http2) {
    }

    /**
     * @param tiers each tier's users, or with an open workload its arrivals per second
     * @param recording false when the per-tier recording was switched off to measure its cost
     * @param open the open workload (rates, maxInFlight, the goal of a capacity search), or {@code null} for a closed one
     * @param connections how the load reused connections ({@code per-user}, {@code per-request}, {@code shared}:
     *     -Dconnections, schema 15); {@code null} in older results, whose load had its workload's default
     * @param client what sent the measured load ({@code gatling}, {@code wrk}: -Dclient, schema 16); {@code null} in older
     *     results, which Gatling sent
     */
    public record Plan(List<Integer> tiers, int tierSeconds, int warmupSeconds, int warmupUsers, boolean recording,
            containerbench.settings.OpenModel open, String connections, String client) {

        public Plan(List<Integer> tiers, int tierSeconds, int warmupSeconds, int warmupUsers, boolean recording) {
            this(tiers, tierSeconds, warmupSeconds, warmupUsers, recording, null, null, null);
        }

        public Plan(List<Integer> tiers, int tierSeconds, int warmupSeconds, int warmupUsers, boolean recording,
                containerbench.settings.OpenModel open, String connections) {
            this(tiers, tierSeconds, warmupSeconds, warmupUsers, recording, open, connections, null);
        }

        public static Plan of(TierPlan plan, boolean recording) {
            return new Plan(plan.tiers(), plan.tierSeconds(), plan.warmupSeconds(), plan.warmupUsers(), recording, plan.open(),
                    plan.connections().spelled(), plan.client().spelled());
        }

        /** What sent the load: as recorded, or Gatling for results older than schema 16. */
        public LoadClient sentBy() {
            return LoadClient.read(client);
        }

        /** How the load reused connections: as recorded, or for results older than schema 15 its workload's default. */
        public Connections reuse() {
            Connections recorded = Connections.read(connections);
            return recorded != null ? recorded : Connections.defaultFor(open != null);
        }
    }

    /**
     * Rounds of one block per target, in the order of {@link containerbench.settings.BlockOrder}.
     *
     * @param rounds the rounds every tier ran at least, in each launch
     * @param precision the ±percent asked of every interval, or {@code null} for a fixed number of rounds
     * @param maxMinutes the time cap that went with it
     * @param launches how many times every target was launched afresh, each launch running every tier
     *     ({@code null} before schema 10: one)
     */
    public record Interleaving(int rounds, int blockSeconds, Double precision, Integer maxMinutes, Integer launches) {

        /** As the results record the settings' interleaving; {@code null} for none. */
        public static Interleaving of(containerbench.settings.Interleaving interleaving) {
            if (interleaving == null) {
                return null;
            }
            Precision precision = interleaving.precision();
            return new Interleaving(interleaving.rounds(), interleaving.blockSeconds(),
                    precision == null ? null : precision.percent(), precision == null ? null : precision.maxMinutes(),
                    interleaving.launches());
        }

        /** How many launches ran: one where the results do not say. */
        public int launchCount() {
            return launches == null ? 1 : launches;
        }
    }

    /**
     * Each target's CPU limit, the same for all.
     *
     * @param controller the kernel interface that set it: cgroup v2 cpu.max or v1 cpu.cfs_quota_us
     * @param throttling per target label, the kernel's counters at the end of the run: periods,
     *     throttledPeriods, throttledMicros (empty until the run ends)
     */
    public record CpuLimit(double cpus, int periodMs, String controller, Map<String, Map<String, Long>> throttling) {

        /** As the results record the settings' limit, before the run; {@code null} for none. */
        public static CpuLimit of(containerbench.settings.CpuLimit limit, String controller) {
            return limit == null ? null : new CpuLimit(limit.cpus(), limit.periodMs(), controller, Map.of());
        }

        public CpuLimit throttled(Map<String, Map<String, Long>> counters) {
            return new CpuLimit(cpus, periodMs, controller, counters);
        }
    }

    /**
     * One target's warm-up.
     *
     * @param settled whether an auto warm-up saw three windows in a row agree within ±5% (TPS and CPU per response); {@code null} for a fixed warm-up
     */
    public record Settling(String target, int seconds, Boolean settled) {
    }

    /**
     * A user's application.
     *
     * @param war the WAR deployed, or {@code null} for a jar or one running elsewhere
     * @param jar the executable jar run ({@code -Dapp.jar}), or {@code null} (schema 22)
     * @param coordinate the Maven coordinate it was given as, or {@code null}
     * @param requests where the requests were read from
     */
    public record App(String war, String jar, String coordinate, String contextPath, String requests, List<Request> mix,
            List<Check> checks) {
    }

    /** One request of the mix: what it sends, and its share. */
    public record Request(String name, String method, String path, int status, double weight) {
    }

    /**
     * One request sent once to every target before the warm-up.
     *
     * @param statuses what each target answered, in target order
     * @param bodyLengths each target's body, in characters
     * @param difference where the first target's body and another's part, or {@code null} when all are the same
     */
    public record Check(String request, List<Integer> statuses, List<Integer> bodyLengths, String difference) {
    }

    public static Builder builder() {
        return new Builder();
    }

    /** A builder that starts from this run, to add what a later stage knows. */
    public Builder toBuilder() {
        Builder b = new Builder();
        b.schema = schema;
        b.targets = targets;
        return b.from(header).from(conditions).from(measured).from(judged);
    }

    /** A run's results, field by field; lists not set are empty, the baseline's container comes with the targets. */
    public static final class Builder {
        private int schema = SCHEMA;
        private String runId;
        private RunStatus status = RunStatus.RUNNING;
        private String container;
        private String containerVersion;
        private String description;
        private String startedAt;
        private String finishedAt;
        private String gatlingReport;
        private List<Target> targets = List.of();
        private Plan plan;
        private Interleaving interleaving;
        private CpuLimit cpuLimit;
        private Injector injector;
        private Environment environment;
        private Sampling sampling;
        private List<TierResult> warmups = List.of();
        private List<TierResult> leadIns = List.of();
        private List<Settling> settling = List.of();
        private List<TierResult> tiers = List.of();
        private List<BlockResult> blocks = List.of();
        private List<TierComparison> comparisons = List.of();
        private Boolean answeredAfterRun;
        private Profiles profiles;
        private Profiles injectorProfiles;
        private List<containerbench.measure.LaunchFigures> launchFigures = List.of();
        private List<Footprints.Comparison> footprint = List.of();
        private Injection injection;
        private String failure;
        private HostLoad host;
        private App app;
        private CapacitySearch capacity;

        private Builder() {
        }

        public Builder runId(String value) {
            runId = value;
            return this;
        }

        public Builder status(RunStatus value) {
            status = value;
            return this;
        }

        /** The baseline's container, for a run that has no target to take it from. */
        public Builder container(String value) {
            container = value;
            return this;
        }

        public Builder description(String value) {
            description = value;
            return this;
        }

        public Builder startedAt(String value) {
            startedAt = value;
            return this;
        }

        public Builder finishedAt(String value) {
            finishedAt = value;
            return this;
        }

        public Builder gatlingReport(String value) {
            gatlingReport = value;
            return this;
        }

        /** Every target, the baseline first; the run's container and version are the baseline's. */
        public Builder targets(List<Target> value) {
            targets = List.copyOf(value);
            if (!value.isEmpty()) {
                container = value.get(0).container();
                containerVersion = value.get(0).containerVersion();
            }
            return this;
        }

        public Builder plan(Plan value) {
            plan = value;
            return this;
        }

        public Builder interleaving(Interleaving value) {
            interleaving = value;
            return this;
        }

        public Builder cpuLimit(CpuLimit value) {
            cpuLimit = value;
            return this;
        }

        public Builder injector(Injector value) {
            injector = value;
            return this;
        }

        public Builder environment(Environment value) {
            environment = value;
            return this;
        }

        public Builder sampling(Sampling value) {
            sampling = value;
            return this;
        }

        public Builder leadIns(List<TierResult> value) {
            leadIns = List.copyOf(value);
            return this;
        }

        public Builder warmups(List<TierResult> value) {
            warmups = List.copyOf(value);
            return this;
        }

        public Builder settling(List<Settling> value) {
            settling = List.copyOf(value);
            return this;
        }

        public Builder tiers(List<TierResult> value) {
            tiers = List.copyOf(value);
            return this;
        }

        public Builder blocks(List<BlockResult> value) {
            blocks = List.copyOf(value);
            return this;
        }

        public Builder comparisons(List<TierComparison> value) {
            comparisons = List.copyOf(value);
            return this;
        }

        public Builder answeredAfterRun(Boolean value) {
            answeredAfterRun = value;
            return this;
        }

        public Builder profiles(Profiles value) {
            profiles = value;
            return this;
        }

        public Builder injectorProfiles(Profiles value) {
            injectorProfiles = value;
            return this;
        }

        public Builder launchFigures(List<containerbench.measure.LaunchFigures> value) {
            launchFigures = List.copyOf(value);
            return this;
        }

        public Builder footprint(List<Footprints.Comparison> value) {
            footprint = List.copyOf(value);
            return this;
        }

        public Builder injection(Injection value) {
            injection = value;
            return this;
        }

        public Builder failure(String value) {
            failure = value;
            return this;
        }

        public Builder host(HostLoad value) {
            host = value;
            return this;
        }

        public Builder app(App value) {
            app = value;
            return this;
        }

        public Builder capacity(CapacitySearch value) {
            capacity = value;
            return this;
        }

        public RunResult build() {
            return new RunResult(schema,
                    new Header(runId, status, container, containerVersion, description, startedAt, finishedAt, gatlingReport, failure),
                    targets, new Conditions(plan, interleaving, cpuLimit, injector, injection, environment, host, sampling, app),
                    new Measured(warmups, leadIns, settling, tiers, blocks, answeredAfterRun, profiles, injectorProfiles,
                            launchFigures == null ? List.of() : launchFigures),
                    new Judged(comparisons, capacity, footprint == null ? List.of() : footprint));
        }

        private Builder from(Header part) {
            runId = part.runId();
            status = part.status();
            container = part.container();
            containerVersion = part.containerVersion();
            description = part.description();
            startedAt = part.startedAt();
            finishedAt = part.finishedAt();
            gatlingReport = part.gatlingReport();
            failure = part.failure();
            return this;
        }

        private Builder from(Conditions part) {
            plan = part.plan();
            interleaving = part.interleaving();
            cpuLimit = part.cpuLimit();
            injector = part.injector();
            injection = part.injection();
            environment = part.environment();
            host = part.host();
            sampling = part.sampling();
            app = part.app();
            return this;
        }

        private Builder from(Measured part) {
            warmups = part.warmups();
            leadIns = part.leadIns();
            settling = part.settling();
            tiers = part.tiers();
            blocks = part.blocks();
            answeredAfterRun = part.answeredAfterRun();
            profiles = part.profiles();
            injectorProfiles = part.injectorProfiles();
            launchFigures = part.launchFigures();
            return this;
        }

        private Builder from(Judged part) {
            comparisons = part.comparisons();
            capacity = part.capacity();
            footprint = part.footprint();
            return this;
        }
    }

    public String runId() {
        return header.runId();
    }

    public RunStatus status() {
        return header.status();
    }

    public String container() {
        return header.container();
    }

    public String containerVersion() {
        return header.containerVersion();
    }

    public String description() {
        return header.description();
    }

    public String startedAt() {
        return header.startedAt();
    }

    public String finishedAt() {
        return header.finishedAt();
    }

    public String gatlingReport() {
        return header.gatlingReport();
    }

    public String failure() {
        return header.failure();
    }

    public Plan plan() {
        return conditions.plan();
    }

    public Interleaving interleaving() {
        return conditions.interleaving();
    }

    public CpuLimit cpuLimit() {
        return conditions.cpuLimit();
    }

    public Injector injector() {
        return conditions.injector();
    }

    public Injection injection() {
        return conditions.injection();
    }

    public Environment environment() {
        return conditions.environment();
    }

    public HostLoad host() {
        return conditions.host();
    }

    public Sampling sampling() {
        return conditions.sampling();
    }

    public App app() {
        return conditions.app();
    }

    public List<TierResult> warmups() {
        return measured.warmups();
    }

    public List<TierResult> leadIns() {
        return measured.leadIns();
    }

    public List<Settling> settling() {
        return measured.settling();
    }

    public List<TierResult> tiers() {
        return measured.tiers();
    }

    public List<BlockResult> blocks() {
        return measured.blocks();
    }

    public Boolean answeredAfterRun() {
        return measured.answeredAfterRun();
    }

    public Profiles profiles() {
        return measured.profiles();
    }

    /** What the run's own JVM's profiler saw over every block, per tier (-Dprofile.injector); {@code null} when not profiled. */
    public Profiles injectorProfiles() {
        return measured.injectorProfiles();
    }

    public List<TierComparison> comparisons() {
        return judged.comparisons();
    }

    /** Each launch of each target besides its load (start-up, memory at rest, size on disk); empty before schema 21. */
    public List<containerbench.measure.LaunchFigures> launchFigures() {
        return measured.launchFigures() == null ? List.of() : measured.launchFigures();
    }

    /** Every other target against the baseline besides CPU per response; empty before schema 21. */
    public List<Footprints.Comparison> footprint() {
        return judged.footprint() == null ? List.of() : judged.footprint();
    }

    public CapacitySearch capacity() {
        return judged.capacity();
    }

    /** The baseline: the only target of a one-container run; {@code null} for a run that never started one. */
    public Target baseline() {
        return targets == null || targets.isEmpty() ? null : targets.get(0);
    }

    /** With precision on demand, the pilot's rounds, whose spread its intervals use; 0 otherwise. */
    public int pilotPairs() {
        return interleaving() != null && interleaving().precision() != null ? interleaving().rounds() : 0;
    }

    /** The loads its tiers ran at (users, or arrivals per second), in order, each once. */
    public List<Integer> loads() {
        return tiers() == null ? List.of() : tiers().stream().map(TierResult::users).distinct().sorted().toList();
    }

    /** What its tiers' loads count: arrivals a second for an open workload, users otherwise. */
    public Tier.Unit loadUnit() {
        return plan() != null && plan().open() != null ? Tier.Unit.RATE : Tier.Unit.USERS;
    }

    /** Whether several targets were measured in turn, with paired comparisons. */
    public boolean interleaved() {
        return targets != null && targets.size() > 1;
    }

    /** The tier of {@code users} (its first, if repeated) of the target labelled {@code label}. */
    public Optional<TierResult> tier(String label, int users) {
        return tiers().stream().filter(t -> t.users() == users && label.equals(t.target())).findFirst();
    }
}
