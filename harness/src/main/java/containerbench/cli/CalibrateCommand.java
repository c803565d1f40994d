package containerbench.cli;

import static containerbench.settings.RunProperties.BENCHMARKS_DIR;
import static containerbench.settings.RunProperties.CONTAINER;
import static containerbench.settings.RunProperties.INJECTOR_CPUS;
import static containerbench.settings.RunProperties.MAX_IN_FLIGHT;
import static containerbench.settings.RunProperties.MODEL;
import static containerbench.settings.RunProperties.PROFILE_INJECTOR;
import static containerbench.settings.RunProperties.RATES;
import static containerbench.settings.RunProperties.TARGET_CPUS;
import static containerbench.settings.RunProperties.TARGET_CPU_LIMIT;
import static containerbench.settings.RunProperties.TARGET_CPU_PERIOD_MS;
import static containerbench.settings.RunProperties.TARGET_HOST;
import static containerbench.settings.RunProperties.TARGET_JAVA;
import static containerbench.settings.RunProperties.TARGET_JVM_ARGS;
import static containerbench.settings.RunProperties.TIERS;
import static containerbench.settings.RunProperties.TIER_SECONDS;
import static containerbench.settings.RunProperties.WARMUP_SECONDS;
import static containerbench.settings.RunProperties.WARMUP_USERS;

import containerbench.calibrate.Calibration;
import containerbench.settings.CpuPlacement;
import containerbench.settings.Given;
import containerbench.settings.ProjectRoot;
import containerbench.settings.Property;
import containerbench.settings.RunProperties;
import containerbench.settings.RunSettings;
import containerbench.settings.TargetCatalog;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;

/** {@code ./bench calibrate}: Gatling against wrk or h2load on one target, to tell whether the injector is the limit. */
final class CalibrateCommand implements Command {

    private static final List<Property> OPTIONS = List.of(CONTAINER, TIERS, MODEL, RATES, MAX_IN_FLIGHT, TIER_SECONDS, WARMUP_SECONDS, WARMUP_USERS,
            TARGET_JVM_ARGS, TARGET_JAVA, TARGET_HOST, TARGET_CPU_LIMIT, TARGET_CPU_PERIOD_MS, TARGET_CPUS, INJECTOR_CPUS,
            BENCHMARKS_DIR, PROFILE_INJECTOR);

    @Override
    public String name() {
        return "calibrate";
    }

    @Override
    public String summary() {
        return "is Gatling the limit? wrk (h2load over h2), then Gatling, then wrk again against one target, Gatling's share of its TPS";
    }

    @Override
    public List<String> help() {
        List<String> help = new ArrayList<>(List.of("usage: ./bench calibrate --container NAME [--PROPERTY VALUE]...", "",
                "Starts one target, warms it up with wrk, then runs every tier with wrk, with this project's simulation",
                "(started on the injector's CPUs) and with wrk again, and prints Gatling's TPS as a share of the mean of",
                "the two wrk runs, with each injector's CPU per request. Needs wrk (apt-get install wrk). With --http h2",
                "h2load takes wrk's place throughout, the warm-up too, one connection per user and one stream at a time",
                "(apt-get install nghttp2-client); with --http h1-tls, wrk over TLS.",
                "With --model open: every rate with a constant-rate client timed as wrk2 times (from each request's due",
                "time), then the open simulation, then the client again, and their p50 and p99 side by side.",
                "Exit status 0 when done, 1 when a run failed, 2 for a bad option.", "", "options:"));
        help.addAll(Help.options(OPTIONS));
        help.add("  --gatling.*, --io.netty.* Gatling's and Netty's own settings, passed on to its run unchecked");
        help.add("");
        help.addAll(Help.knobs());
        help.addAll(List.of("", "example:",
                "  ./bench calibrate --container tomcat --tiers 100,200,500 --target.cpus 0 --injector.cpus 1",
                "  ./bench calibrate --container undertow --http h2 --tiers 100,500",
                "  ./bench calibrate --container tomcat --model open --rates 1000,2000,4000",
                "  ./bench calibrate --container tomcat --tiers 100,500 --gatling.netty.useIoUring false"));
        return help;
    }

    @Override
    public int run(Arguments arguments, PrintStream out, PrintStream err) throws Exception {
        if (!arguments.words().isEmpty()) {
            throw new UsageException("calibrate takes options only, not '" + arguments.words().get(0) + "'");
        }
        TargetCatalog catalog = TargetCatalog.read(ProjectRoot.find());
        RunCommand.check(arguments, OPTIONS, catalog, name());
        int cpus = CpuPlacement.machineCpus();
        RunSettings settings = RunSettings.from(new Given(RunProperties.gatlings(arguments.options(), false), Given.COMMAND_LINE),
                catalog, cpus);
        Calibration.run(settings, catalog, cpus, RunProperties.gatlings(arguments.options(), true));
        return Bench.DONE;
    }
}
