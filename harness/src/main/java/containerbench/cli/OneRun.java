package containerbench.cli;

import containerbench.results.ResultsStore;
import containerbench.results.StoredRun;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;

/** The one results file a command takes ({@code ./bench export}, {@code ./bench gate}), read or its error said. */
final class OneRun {

    private OneRun() {
    }

    /** The run named by the command's one word; {@code null}, the reason on {@code err}, when it cannot be read. */
    static StoredRun read(Arguments arguments, String command, PrintStream err) {
        if (arguments.words().size() != 1) {
            throw new UsageException(command + " takes one results file, not " + arguments.words().size());
        }
        try {
            return ResultsStore.read(Path.of(arguments.words().get(0)));
        } catch (IOException e) {
            err.println("error: cannot read " + arguments.words().get(0) + ": " + e.getMessage());
            return null;
        }
    }
}
