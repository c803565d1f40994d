package containerbench.cli;

import java.io.PrintStream;
import java.util.List;

/** One subcommand of {@code ./bench}: what it does, how it is called, and its work. */
interface Command {

    String name();

    /** One line for the list of commands. */
    String summary();

    /** The full help: usage, options with their defaults, and an example. */
    List<String> help();

    /**
     * Does the work, saying what it did on {@code out} and what went wrong on {@code err}.
     *
     * @return the exit status: 0 done, 1 the work failed
     * @throws UsageException for a command line it cannot use (exit status 2)
     */
    int run(Arguments arguments, PrintStream out, PrintStream err) throws Exception;
}
