package containerbench.kubernetes;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.batch.v1.Job;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** {@code ./bench kubernetes run ... --dry-run} as the manifest tests read it: the stream, strictly, and an injector's properties. */
final class DryRun {

    private DryRun() {
    }

    /** What the command did with {@code options} and {@code --dry-run}: its exit status and what it printed. */
    record Outcome(int exit, String out, String err) {
    }

    /** The command with {@code options}, as a dry run; one that talks to a cluster fails the test. */
    static Outcome run(String... options) {
        List<String> args = new ArrayList<>(List.of("run"));
        args.addAll(List.of(options));
        args.add("--dry-run");
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int exit = KubernetesCommand.run(args, new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8), run -> {
                    throw new AssertionError("a dry run talks to no cluster");
                });
        return new Outcome(exit, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    /** The objects the command prints for {@code options}; a dry run that fails fails the test. */
    static List<HasMetadata> of(String... options) {
        Outcome outcome = run(options);
        assertEquals(0, outcome.exit(), outcome.err());
        return StrictSchema.read(outcome.out());
    }

    /** The -D properties of the injectors' command, with the index as Kubernetes leaves it to the pod. */
    static Map<String, String> injectorProperties(Job job) {
        List<String> command = job.getSpec().getTemplate().getSpec().getContainers().get(0).getCommand();
        assertTrue(command.indexOf("containerbench.cli.PodInjector") > command.indexOf("-cp"), command.toString());
        Map<String, String> properties = new LinkedHashMap<>();
        command.stream().limit(command.indexOf("-cp")).filter(arg -> arg.startsWith("-D")).forEach(arg -> {
            String[] pair = arg.substring(2).split("=", 2);
            properties.put(pair[0], pair.length > 1 ? pair[1] : "");
        });
        return properties;
    }
}
