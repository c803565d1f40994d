package containerbench.measure;

import java.time.Instant;

/**
 * The instant every injector of a shared run starts its load, from which each step's start is
 * counted: given to injectors on machines of their own ({@code -Dstart.at}), or set once the
 * injectors of a run on this machine are all ready to start their users.
 */
public final class LoadStart {

    // Epoch ms; 0 until known. Read by every user before its step: a volatile field.
    private volatile long millis;

    private LoadStart(long millis) {
        this.millis = millis;
    }

    public static LoadStart at(Instant instant) {
        return new LoadStart(instant.toEpochMilli());
    }

    /** A start not known yet: {@link #set} it. */
    public static LoadStart later() {
        return new LoadStart(0);
    }

    public boolean known() {
        return millis != 0;
    }

    public void set(Instant instant) {
        millis = instant.toEpochMilli();
    }

    /** The instant, or {@code null} while it is not known. */
    public Instant instant() {
        long at = millis;
        return at == 0 ? null : Instant.ofEpochMilli(at);
    }

    long millis() {
        return millis;
    }
}
