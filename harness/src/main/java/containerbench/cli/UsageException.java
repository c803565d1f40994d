package containerbench.cli;

/** The command line itself is wrong: an unknown command or option, a missing argument. Exit status 2. */
public final class UsageException extends RuntimeException {

    public UsageException(String message) {
        super(message);
    }
}
