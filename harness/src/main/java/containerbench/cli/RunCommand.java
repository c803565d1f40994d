package containerbench.cli;

import containerbench.run.ChildRun;
import containerbench.run.MavenRun;
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

/**
 * {@code ./bench run}: one benchmark run, {@code mvn gatling:test} with the options as its
 * properties, checked here first and started on the injector's CPUs when they are pinned.
 */
final class RunCommand implements Command {

    @Override
    public String name() {
        return "run";
    }

    @Override
    public String summary() {
        return "one benchmark run of one container: mvn gatling:test, checked first, started on the injector's CPUs";
    }

    @Override
    public List<String> help() {
        List<String> help = new ArrayList<>(List.of("usage: ./bench run --container NAME [--PROPERTY VALUE]...", "",
                "Runs mvn gatling:test with every option as its -D property, after checking them all: the same run as",
                "mvn gatling:test -PNAME. With --injector.cpus, Maven (and so Gatling) starts on those CPUs with one",
                "Netty event loop each. Exit status 0 when the run completes, 1 when it fails, 2 for a bad option.", "",
                "options:"));
        help.addAll(Help.options(RunProperties.ALL));
        help.add("  --gatling.*, --io.netty.* Gatling's and Netty's own settings, passed on unchecked");
        help.add("");
        help.addAll(Help.knobs());
        help.addAll(List.of("", "example:", "  ./bench run --container undertow --tiers 100,500 --workerThreads 1024 --backlog 1024"));
        return help;
    }

    @Override
    public int run(Arguments arguments, PrintStream out, PrintStream err) throws Exception {
        if (!arguments.words().isEmpty()) {
            throw new UsageException("run takes options only, not '" + arguments.words().get(0) + "' (./bench run --help)");
        }
        TargetCatalog catalog = TargetCatalog.read(ProjectRoot.find());
        check(arguments, RunProperties.ALL, catalog, name());
        RunSettings settings = RunSettings.from(new Given(RunProperties.gatlings(arguments.options(), false), Given.COMMAND_LINE),
                catalog, CpuPlacement.machineCpus());
        Process maven = MavenRun.gatling(null, settings, ChildRun.prepare(settings), settings.description(catalog),
                RunProperties.gatlings(arguments.options(), true));
        // Ctrl-C reaches Maven from the terminal too; this covers a kill of this process alone.
        Thread stop = new Thread(maven::destroy, "stop-maven");
        Runtime.getRuntime().addShutdownHook(stop);
        int exit = maven.waitFor();
        Runtime.getRuntime().removeShutdownHook(stop);
        return exit == 0 ? Bench.DONE : Bench.FAILED;
    }

    /**
     * Refuses an option that is neither one of {@code properties}, a knob, nor Gatling's or Netty's;
     * the container must be named, since no profile can name it here.
     */
    static void check(Arguments arguments, List<Property> properties, TargetCatalog catalog, String command) {
        List<String> accepted = new ArrayList<>(properties.stream().map(Property::name).toList());
        accepted.addAll(catalog.allKnobNames());
        new Arguments(RunProperties.gatlings(arguments.options(), false), List.of(), false).only(accepted, command);
        if (!arguments.options().containsKey(RunProperties.CONTAINER.name())) {
            throw new UsageException(command + " needs --container NAME, one of " + String.join(", ", catalog.names()));
        }
    }
}
