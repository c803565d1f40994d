package containerbench.settings;

import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeSet;

/**
 * Every property of a run, declared once, in the order docs/properties.md lists them. The parsers
 * read them through these constants, {@code ./bench run --help} prints them, and a test holds the
 * table in docs/properties.md to {@link #markdownTable()}. A name that is none of these but close to
 * one stops the run.
 */
public final class RunProperties {

    public static final Property CONTAINER = new Property("container", null,
            "which target; the profile of the same name (`-Ptomcat`, `-Pwildfly`: one for every container under targets/)"
                    + " chooses it too. A mistyped profile chooses none, and the run stops saying so; two container profiles"
                    + " at once are the targets of one run, as `containers` names them",
            "the name of a container under targets/");

    public static final Property CONTAINERS = new Property("containers", null,
            "several targets measured in one run, in turn: each tier turns short blocks between them in a balanced"
                    + " order and gives each one's TPS and CPU per response as a ratio to the first's, with a 95%"
                    + " interval. A target is a container with, in brackets, its own knobs and JVM options:"
                    + " `tomcat,tomcat[threads=2048,protocol=nio2],undertow[jvmArgs=-Xmx1g]` compares configurations."
                    + " Two container profiles (`-Ptomcat,undertow`) do the same; the same target twice"
                    + " (`tomcat,tomcat`) is an A/A run, the method's own check",
            "a comma-separated list of containers under targets/, each with optional [knob=value,...,jvmArgs=...],"
                    + " the baseline first");

    // The study's tiers.
    public static final Property TIERS = new Property("tiers", "100,200,300,500,1000,2000",
            "concurrent users of each tier, in order",
            "a comma-separated list of user counts, each >= 1, for example 100,200,300,500,1000,2000");

    public static final Property MODEL = new Property("model", "closed",
            "`closed`: each tier is concurrent users, each sending again when answered (ab, the studies). `open`: each tier"
                    + " is an arrival rate (`rates`) held whatever the target answers, latency counted from when each request was"
                    + " due, so that a stall shows in every request that waited for it (no coordinated omission). docs/method.md",
            "closed or open");

    public static final Property CLIENT = new Property("client", "gatling",
            "what sends the measured load: `gatling`, its virtual users; `wrk`, one wrk run per block against that block's"
                    + " target (`apt-get install wrk`), the same targets, launches, blocks, order and statistics, for a verdict"
                    + " seen under a client nobody here wrote. wrk: closed tiers over HTTP/1.1 (cleartext or TLS), one plain GET."
                    + " docs/method.md",
            "gatling or wrk");

    public static final Property CONNECTIONS = new Property("connections", "(per-user; open: shared)",
            "how the load reuses connections, which decides what a response costs over TLS: `per-user`, each user its own"
                    + " keep-alive connection (one handshake per user); `per-request`, a new connection for every request (users"
                    + " send `Connection: close`, HTTP/1.1 only; an open workload's arrivals each open their own); `shared`, pooled"
                    + " over every user (an idle one reused, over h2 any open one, its requests multiplexed). docs/method.md",
            "per-user, per-request or shared");

    public static final Property RATES = new Property("rates", "1000,2000,4000",
            "with `model=open`: requests per second of each tier, in order; with `slo.p99Ms`, the stair climbed"
                    + " (default 500 to 20,000, 25% a step)",
            "a comma-separated list of rates, each >= 1, for example 1000,2000,4000");

    // 1000: ten times what a target at 10,000 req/s and 10 ms has outstanding; past it, arrivals fail
    // at once instead of queueing in the injector, which would hide the overload as injector lateness.
    public static final Property MAX_IN_FLIGHT = new Property("maxInFlight", "1000",
            "with `model=open`: the most requests outstanding at once, which is also the most connections of the shared"
                    + " keep-alive pool; an arrival beyond it fails at once as `not sent`",
            "a whole number >= 1");

    public static final Property SLO_P99_MS = new Property("slo.p99Ms", null,
            "capacity at a latency goal: climbs the `rates` stair (interleaved blocks, `rounds` of them per step) and gives"
                    + " each target's highest rate whose p99, from each request's due time, stays at most this, with its interval"
                    + " over the rounds, and with several targets the capacity ratio with its interval. Implies `model=open`",
            "a number of milliseconds above 0, such as 10");

    public static final Property SLO_MAX_FAILURE_PERCENT = new Property("slo.maxFailurePercent", "1",
            "with `slo.p99Ms`: the most failed requests a step may have and still keep the goal", "a percentage from 0 to 100");

    // 15 s: long enough that the connections opened at a tier's start weigh little in its figure,
    // short enough that six tiers fit in under two minutes. How well it repeats on 2 cores is
    // measured, not assumed: BENCHMARKS.md.
    public static final Property TIER_SECONDS = new Property("tierSeconds", "15",
            "how long each tier lasts, with one container", "a whole number of seconds >= 1");

    // A target JVM on one core needs about 30 s of load before the JIT settles (Tomcat per 5 s:
    // 10.5k, 32.9k, 46.2k, 69.7k requests, then flat); less measures the compiler. With several
    // containers a fixed time is not enough for all (wrk measured Jetty at 44,984 req/s before a 30 s
    // warm-up and 64,531 after), so each is warmed until it is steady.
    public static final Property WARMUP_SECONDS = new Property("warmupSeconds", "30 (auto with several containers)",
            "warm-up before the tiers, counted in no tier (0 skips it); `auto` warms each target for at least 30 s, then"
                    + " in 5 s windows until three in a row agree within ±5% of their mean in TPS and in CPU per response, or until `warmupMaxSeconds`",
            "a whole number of seconds >= 0 (0 skips the warm-up), or auto");

    public static final Property WARMUP_MAX_SECONDS = new Property("warmupMaxSeconds", "120",
            "with `warmupSeconds=auto`: the longest a target is warmed; the results say whether it settled",
            "a whole number of seconds >= 30");

    public static final Property WARMUP_USERS = new Property("warmupUsers", "(the first tier's; 50 with `model=open`)",
            "concurrent users of the warm-up, a closed one with `model=open` too (the JIT needs load, not a schedule)", "a number of users >= 1");

    // Blocks of 2 s: measured against 1, 5 and 10 s blocks and against separate runs (docs/method.md);
    // 1 s blocks read high, longer ones give fewer pairs in the same time.
    public static final Property BLOCK_SECONDS = new Property("blockSeconds", "2",
            "with several containers: how long one container is loaded before the next takes over",
            "a whole number of seconds >= 1");

    // Four rounds in each of three launches, twelve in one (Interleaving).
    public static final Property ROUNDS = new Property("rounds", "4 in each launch (12 with `launches=1`, 20 with `precision`, 4 with `slo.p99Ms`)",
            "with several containers, and with `slo.p99Ms` for each step of the stair: how many rounds each tier runs, a round being one block of each container;"
                    + " each round is one pair of every container with the baseline. Rounded up to whole sets of the"
                    + " balanced order (2 rounds for 2 targets, 2k from 3 on); with `launches`, in each launch; with `precision`, the pilot's rounds (20 by default: a pilot's spread sizes every interval of its tier)",
            "a whole number of rounds >= 2");

    // Three launches: the launch is the unit of replication, and three fitted over six tiers give up to 12 degrees of freedom (Interleaving).
    public static final Property LAUNCHES = new Property("launches", "3 (1 with `precision`)",
            "with several containers: how many times every target is launched afresh (new JVMs, on the same ports), each"
                    + " launch warming them up and running every tier for `rounds` rounds. With 2 or more, each ratio's"
                    + " interval comes from how far the launch means strayed from each other, each tier's fitted with the"
                    + " run's other tiers (docs/method.md, \"Each tier's interval\"), which is what differs when the same containers are"
                    + " measured again; with 1, a quick look, from the blocks of these JVMs alone. Not yet with"
                    + " `precision`, `model=open` or `injector.index`; 1 with `target.url` (targets started by someone else)",
            "a whole number of launches >= 1");

    public static final Property PRECISION = new Property("precision", null,
            "with several containers: Stein's two-stage procedure. The first `rounds` are a pilot; from its spread the run"
                    + " works out the rounds that make every TPS and CPU ratio's adjusted interval (the one its words rest on)"
                    + " ±this percent, prints what that costs, and runs them, up to the tier's share of `maxMinutes`; the"
                    + " results say which stopped each tier. The intervals keep their confidence whatever the pilot showed",
            "a percentage above 0, such as 2");

    public static final Property MAX_MINUTES = new Property("maxMinutes", "10",
            "with `precision`: the longest the load may last, shared out over the tiers still to run",
            "a whole number of minutes >= 1");

    public static final Property TARGET_URL = new Property("target.url", null,
            "benchmark a target that is already running, for example on another machine:"
                    + " `-Dtarget.url=http://host:18081`; nothing is launched. With several containers, one URL each in their"
                    + " order, measured in one launch (each started by someone else)",
            "the base URL of a running target, such as http://127.0.0.1:18081"
                    + " (the servlet is then at http://127.0.0.1:18081/loginServlet); with several containers, one per container,"
                    + " separated by commas");

    public static final Property TARGET_RESOURCES = new Property("target.resources", null,
            "with `target.url`: where that target serves its own CPU time and memory (its launcher started with"
                    + " `--resources-port 9090`), read at every block's turn and every second as /proc is for a target this"
                    + " run launches, so that CPU per response is known for a target on another machine or in a pod",
            "the URL of a target's resource report, such as http://10.0.0.5:9090; with several targets, one per target in the"
                    + " order of `target.url`, separated by commas");

    // The study started with -Xms512m and allowed 8 GiB; 2 GiB fits a laptop and is ample for this servlet.
    public static final Property TARGET_JVM_ARGS = new Property("target.jvmArgs", "-Xms512m -Xmx2g",
            "JVM options of the target (the study used `-Xms512m -Xmx8192m`)", "JVM options separated by spaces");

    public static final Property TARGET_JAVA = new Property("target.java", "(the JDK running Maven)",
            "java executable of the target, for example a Java 21+ JDK under a Java 17 Maven",
            "the path of a java executable");

    // Loopback: a benchmark target should not be reachable from elsewhere by accident.
    public static final Property TARGET_HOST = new Property("target.host", "127.0.0.1",
            "address the launched target binds", "an address to bind the target to, such as 127.0.0.1");

    public static final Property TARGET_CPU_LIMIT = new Property("target.cpuLimit", null,
            "a CPU quota for each launched target, in CPUs, as a Kubernetes CPU limit: `0.5` lets it run 50 ms of every"
                    + " 100 ms (Linux cgroup v2 `cpu.max`, else v1 `cpu.cfs_quota_us`; root, or a writable cgroup, needed)",
            "a number of CPUs above 0, such as 0.5 or 1.5");

    // The kernel's own default period (CFS bandwidth control).
    public static final Property TARGET_CPU_PERIOD_MS = new Property("target.cpuPeriodMs", "100",
            "the period of `target.cpuLimit`: a target that spends its quota early in a period waits for the next",
            "a whole number of milliseconds from 1 to 1000");

    public static final Property TARGET_CPUS = new Property("target.cpus", null,
            "CPUs the target JVM may run on (Linux `taskset`), for example `0`", "a CPU list such as 0, 0-1 or 0,2");

    public static final Property INJECTOR_CPUS = new Property("injector.cpus", null,
            "CPUs the Gatling JVM may run on, for example `1`", "a CPU list such as 0, 0-1 or 0,2");

    public static final Property INJECTORS = new Property("injectors", "1",
            "Gatling injectors that share each tier's users (100 users, 3 injectors: 34, 33, 33), every one starting every"
                    + " tier, and with several containers turning every block, at the same instant; without `injector.index`"
                    + " all of them run on this machine, injector 0 launches the targets and decides an auto warm-up's length"
                    + " and a capacity search's stop for all (from every injector's blocks joined), and their results are"
                    + " merged at the end, block by block. With `model=open` each sends its share of every rate",
            "a whole number from 1 to 64");

    public static final Property INJECTOR_INDEX = new Property("injector.index", null,
            "this injector's place among `injectors` run on machines of their own: 0 may launch the target, the others"
                    + " need `target.url`, as several containers do (one URL each); `./bench merge` joins their results",
            "a whole number from 0 to injectors - 1");

    public static final Property START_AT = new Property("start.at", null,
            "with `injector.index`: the instant every injector starts its load, the same for all; or `file:PATH`, where the"
                    + " instant will be written once every injector is ready (the start barrier of `./bench kubernetes run`)",
            "an ISO-8601 UTC instant such as 2026-12-02T05:00:00Z, in the future, or file:PATH");

    public static final Property APP_WAR = new Property("app.war", null,
            "a WAR of yours deployed on every target instead of the login servlet (every container but embedded Undertow,"
                    + " which has no WAR deployer and refuses); a Maven coordinate is taken from the local"
                    + " repository, or fetched from the remote ones. docs/applications.md",
            "the path of a .war file, or a Maven coordinate group:artifact:version of a war");

    public static final Property APP_JAR = new Property("app.jar", null,
            "an executable jar of yours that serves HTTP itself (a Spring Boot service, any framework's fat jar), run as"
                    + " `java -jar` with `target.jvmArgs` on the `jar` target, which a run with no container chosen takes; two builds"
                    + " as `-Dcontainers=jar[app.jar=a.jar],jar[app.jar=b.jar]`. docs/applications.md",
            "the path of a .jar file");

    // Spring Boot's own options: the jars most users measure are Boot services.
    public static final Property APP_JAR_ARGS = new Property("app.jarArgs", "--server.port={port} --server.address={host}",
            "the arguments `app.jar` runs with, `{port}` and `{host}` standing for where it must listen",
            "arguments separated by spaces, {port} among them");

    // The harness waits as long for any target's launcher to report its port.
    public static final Property APP_START_TIMEOUT = new Property("app.startTimeout", "120",
            "seconds `app.jar` may take to listen on its port; past them the run stops it and fails, naming the jar and the"
                    + " end of its output", "a whole number of seconds >= 1");

    public static final Property APP_CONTEXT_PATH = new Property("app.contextPath", "/",
            "where `app.war` is deployed: `/` is ROOT", "/ or a path such as /shop (WildFly: one segment)");

    public static final Property APP_REQUESTS = new Property("app.requests", "(GET of the WAR's context root, answered 200)",
            "the requests sent to `app.war` or `app.jar`: a request file (JSON: method, path, query, headers, form or json body, status,"
                    + " weight, a CSV feeder, cookies) or a HAR saved from a browser; each is checked once on every target before"
                    + " the warm-up. docs/applications.md",
            "the path of a .json request file or a .har file");

    public static final Property APP_USERS = new Property("app.users", "(none: a protected URL answers 401)",
            "whom `app.war`'s security constraints let in, given to every container in its own form (a realm, a login service,"
                    + " a user registry); a request sends a user's credentials with `basicAuth`. docs/applications.md",
            "a file of `name: password, role, ...` lines (Jetty's realm.properties form)");

    public static final Property APP_HEALTH = new Property("app.health", "(the first request)",
            "what must answer 200 before a target counts as started", "a path on the server such as /shop/health");

    public static final Property BENCHMARKS_DIR = new Property("benchmarks.dir", "target/benchmarks",
            "where results JSON, target logs, Gatling's reports (`gatling/`) and the comparison page go", "a directory");

    public static final Property GATLING_RESULTS = new Property("gatling.resultsFolder", "(`gatling/` in benchmarks.dir)",
            "where Gatling writes its HTML reports", "a directory");

    public static final Property MAX_FAILURE_PERCENT = new Property("maxFailurePercent", null,
            "gate: the build fails when a tier's failed requests exceed this percentage (a Gatling assertion)",
            "a percentage from 0 to 100");

    public static final Property MAX_P99_MS = new Property("maxP99Ms", null,
            "gate: the build fails when a tier's 99th percentile exceeds this many ms", "a whole number of milliseconds >= 1");

    public static final Property RECORD = new Property("record", "true",
            "`false` switches the per-tier recording off, only to measure what it costs", "true or false");

    public static final Property SAMPLE = new Property("sample", "true",
            "`false` switches the CPU and memory sampling off, only to measure what it costs", "true or false");

    public static final Property PROFILE = new Property("profile", "off",
            "`cpu` samples each target JVM with async-profiler over its own measured blocks (perf events: every CPU second and the"
                    + " kernel's frames, at a cost that grows with the target's context switches; `ctimer`: a timer per thread, cheaper,"
                    + " no kernel frames, some samples lost): a flame graph per target and tier, and where each spends more or less CPU"
                    + " per response than the baseline (docs/profiles.md)", "off, cpu or ctimer");

    public static final Property PROFILE_INJECTOR = new Property("profile.injector", "false",
            "`true` samples this run's own JVM, Gatling and the project's request path, over every measured block, with the"
                    + " event `profile` names (`cpu` where it names none): a flame graph per tier and where the injector's CPU per"
                    + " response goes, by package (docs/profiles.md)", "true or false");

    /** The properties a user sets, in the order of docs/properties.md. */
    public static final List<Property> ALL = List.of(CONTAINER, CONTAINERS, MODEL, CLIENT, CONNECTIONS, TIERS, RATES, MAX_IN_FLIGHT, SLO_P99_MS,
            SLO_MAX_FAILURE_PERCENT, TIER_SECONDS, BLOCK_SECONDS, ROUNDS, LAUNCHES,
            PRECISION, MAX_MINUTES, WARMUP_SECONDS, WARMUP_MAX_SECONDS, WARMUP_USERS,
            TARGET_URL, TARGET_RESOURCES, TARGET_JVM_ARGS, TARGET_JAVA, TARGET_HOST, TARGET_CPU_LIMIT, TARGET_CPU_PERIOD_MS, TARGET_CPUS,
            INJECTOR_CPUS, INJECTORS, INJECTOR_INDEX, START_AT, APP_WAR, APP_JAR, APP_JAR_ARGS, APP_START_TIMEOUT, APP_CONTEXT_PATH, APP_REQUESTS, APP_USERS, APP_HEALTH, BENCHMARKS_DIR,
            GATLING_RESULTS, MAX_FAILURE_PERCENT, MAX_P99_MS, RECORD, SAMPLE, PROFILE, PROFILE_INJECTOR);

    /** Set by the pom for the Gatling JVM, never by users: the active container profiles, and where the project is. */
    public static final String CONTAINER_PROFILES = "container.profiles";
    public static final String PROJECT_ROOT = "project.root";

    /**
     * Set by a parent for the run it starts (./bench run, a study's cell, the calibration, the
     * other injectors of -Dinjectors), never by users: the settings file it wrote ({@link SettingsFile}).
     */
    public static final String SETTINGS_FILE = "containerbench.settings";

    /** What the pom gives the Gatling JVM on every run, settings file or not. */
    public static final List<String> FROM_THE_POM = List.of(CONTAINER.name(), CONTAINER_PROFILES, PROJECT_ROOT,
            BENCHMARKS_DIR.name(), GATLING_RESULTS.name());

    // Gatling's and Netty's own settings: a run hands them on to Gatling as they were given.
    private static final List<String> GATLINGS = List.of("gatling.", "io.netty.");

    /** Whether {@code name} is Gatling's or Netty's own setting ({@code gatling.http.requestTimeout}), not the run's. */
    public static boolean isGatlings(String name) {
        return GATLINGS.stream().anyMatch(name::startsWith);
    }

    /** The settings among {@code given} that are Gatling's or Netty's ({@code wanted}) or the run's (not {@code wanted}). */
    public static Map<String, String> gatlings(Map<String, String> given, boolean wanted) {
        Map<String, String> chosen = new LinkedHashMap<>();
        given.forEach((name, value) -> {
            if (isGatlings(name) == wanted) {
                chosen.put(name, value);
            }
        });
        return chosen;
    }

    // Other tools' properties reach the Gatling JVM too (Maven forwards every -D): never ours to judge.
    private static final List<String> FOREIGN = List.of("gatling.", "io.netty.", "maven.", "java.", "javax.", "jdk.",
            "sun.", "user.", "file.", "os.", "line.", "path.", "jna.", "jnidispatch.", "surefire.", "failsafe.",
            "org.", "com.", "logback.", "slf4j.", "style.", "exec.", "skip", "containerbench.");

    private RunProperties() {
    }

    /**
     * Stops a run whose properties hold a name that is not a known one but close to one
     * ({@code tierSecond}, {@code warmUpSeconds}), naming the closest; names far from every known one
     * belong to someone else (Maven, Gatling, the JVM) and pass.
     *
     * @param knobs every container's knob names and their cross-container names, known too
     * @param prefix how the user wrote the names: {@code -D} or {@code --}
     */
    public static void refuseNearMisses(Collection<String> given, Collection<String> knobs, String prefix) {
        List<String> known = new ArrayList<>(ALL.stream().map(Property::name).toList());
        known.addAll(knobs);
        known.addAll(List.of(CONTAINER_PROFILES, PROJECT_ROOT));
        for (String name : new TreeSet<>(given)) {
            if (known.contains(name) || FOREIGN.stream().anyMatch(name::startsWith)) {
                continue;
            }
            Optional<String> near = Spelling.closest(name, known);
            if (near.isPresent()) {
                throw new SettingException("unknown property " + prefix + name + ": did you mean " + prefix + near.get()
                        + "? Nothing was started.");
            }
        }
    }

    /** docs/properties.md's table of properties, as this class declares them. */
    public static String markdownTable() {
        StringBuilder table = new StringBuilder("| property | default | meaning | accepts |\n| --- | --- | --- | --- |\n");
        for (Property property : ALL) {
            table.append("| `").append(property.name()).append("` | ")
                    .append(property.defaultShown(true))
                    .append(" | ").append(property.meaning()).append(" | ").append(property.accepts()).append(" |\n");
        }
        return table.toString();
    }

}
