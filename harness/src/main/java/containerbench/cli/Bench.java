package containerbench.cli;

import containerbench.settings.SettingException;
import java.io.PrintStream;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * {@code ./bench}: the tools of container-bench on one command line, each with {@code --help}.
 * Exit status 0: done; 1: the work failed (a run, a study with failed cells, a calibration);
 * 2: the command line or a setting is wrong, and nothing was started.
 */
public final class Bench {

    static final int DONE = 0;
    static final int FAILED = 1;
    static final int USAGE = 2;

    private static final List<Command> COMMANDS = List.of(new RunCommand(), new CompareCommand(), new StudyCommand(),
            new CalibrateCommand(), new AaCommand(), new MergeCommand(), new ExportCommand(), new HistoryCommand(),
            new GateCommand());

    private Bench() {
    }

    public static void main(String[] args) {
        System.exit(run(List.of(args), System.out, System.err));
    }

    static int run(List<String> args, PrintStream out, PrintStream err) {
        Map<String, Command> byName = COMMANDS.stream().collect(Collectors.toMap(Command::name, Function.identity()));
        if (args.isEmpty() || args.get(0).equals("--help") || args.get(0).equals("-h") || args.get(0).equals("help")) {
            usage(args.isEmpty() ? err : out);
            return args.isEmpty() ? USAGE : DONE;
        }
        Command command = byName.get(args.get(0));
        if (command == null) {
            err.println("error: unknown command '" + args.get(0) + "'; the commands are "
                    + String.join(", ", COMMANDS.stream().map(Command::name).toList()) + " (./bench --help)");
            return USAGE;
        }
        try {
            Arguments arguments = Arguments.parse(args.subList(1, args.size()));
            if (arguments.help()) {
                command.help().forEach(out::println);
                return DONE;
            }
            return command.run(arguments, out, err);
        } catch (UsageException | SettingException e) {
            err.println("error: " + e.getMessage());
            return USAGE;
        } catch (Exception e) {
            err.println("error: " + command.name() + " failed: " + e.getMessage());
            return FAILED;
        }
    }

    private static void usage(PrintStream out) {
        out.println("usage: ./bench COMMAND [--option value]...   (./bench COMMAND --help for its options)");
        out.println();
        out.println("commands:");
        COMMANDS.forEach(command -> out.printf("  %-10s %s%n", command.name(), command.summary()));
        out.printf("  %-10s %s%n", "kubernetes", "one run on a Kubernetes cluster: ./bench kubernetes run --container NAME --injectors N"
                + " (its own module, docs/kubernetes.md)");
        out.println();
        out.println("The benchmark itself is `mvn gatling:test -Ptomcat`; ./bench run is the same run, started on the");
        out.println("injector's CPUs when --injector.cpus pins it. Exit status: 0 done, 1 the work failed, 2 bad usage.");
    }
}
