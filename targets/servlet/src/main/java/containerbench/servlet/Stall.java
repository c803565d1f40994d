package containerbench.servlet;

/**
 * A target that stops now and then, for the test of what an open workload sees that a closed one
 * hides: with {@code -Dcontainerbench.stall=300/1000} on the target's JVM, every request that
 * arrives in the first 300 ms of each second (of the wall clock) waits until those 300 ms are over,
 * as behind a stop-the-world pause. Unset, as in every benchmark, it costs one constant check.
 */
final class Stall {

    /** The target JVM's property that sets it: {@code STALL_MS/PERIOD_MS}. */
    static final String PROPERTY = "containerbench.stall";

    private static final long STALL_MS;
    private static final long PERIOD_MS;

    static {
        String given = System.getProperty(PROPERTY);
        long stall = 0;
        long period = 1;
        if (given != null) {
            String[] parts = given.split("/", -1);
            try {
                stall = Long.parseLong(parts[0].trim());
                period = Long.parseLong(parts[1].trim());
            } catch (NumberFormatException | ArrayIndexOutOfBoundsException e) {
                throw new IllegalArgumentException("-D" + PROPERTY + "=" + given + ": give STALL_MS/PERIOD_MS, such as 300/1000");
            }
            if (stall < 0 || period <= stall) {
                throw new IllegalArgumentException("-D" + PROPERTY + "=" + given + ": the stall must be shorter than its period");
            }
        }
        STALL_MS = stall;
        PERIOD_MS = period;
    }

    private Stall() {
    }

    /** Waits out the current stall, if a request arrives during one. */
    static void await() {
        if (STALL_MS == 0) {
            return;
        }
        long into = System.currentTimeMillis() % PERIOD_MS;
        if (into < STALL_MS) {
            try {
                Thread.sleep(STALL_MS - into);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }
}
