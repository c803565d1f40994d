package containerbench.cli;

/** The command line itself is wrong: an unknown command or option, a missing argument. Exit status 2. */
final class UsageException extends RuntimeException {

    UsageException(String message) {
        super(message);
    }
}
