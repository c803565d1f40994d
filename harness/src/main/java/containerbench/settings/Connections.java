package containerbench.settings;

import static containerbench.settings.RunProperties.CONNECTIONS;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * How the load reuses connections ({@code -Dconnections}), which decides what a response costs over
 * TLS: one handshake per user, one per request, or a few shared by every user (multiplexed over h2).
 */
public enum Connections {

    /** Each user keeps its own connection alive (ab, the studies): one handshake per user. The closed workload's default. */
    PER_USER,
    /**
     * A new connection for every request: the closed workload's users ask the server to close after each answer
     * ({@code Connection: close}, HTTP/1.1 only); an open workload's arrivals each open their own.
     */
    PER_REQUEST,
    /**
     * Connections pooled over every user: an idle one reused, over h2 any open one (the request a stream of it),
     * one more opened when there is none; users that start together each open their own. The open workload's default.
     */
    SHARED;

    /** As written on the command line and in results: {@code per-user}, {@code per-request}, {@code shared}. */
    public String spelled() {
        return name().toLowerCase(Locale.ROOT).replace('_', '-');
    }

    /** The default of a closed or an open workload: what runs did before the setting existed. */
    public static Connections defaultFor(boolean open) {
        return open ? SHARED : PER_USER;
    }

    /** A spelled value as read from results, or {@code null} for results written before it was kept. */
    public static Connections read(String spelled) {
        return spelled == null ? null : Arrays.stream(values()).filter(c -> c.spelled().equals(spelled)).findFirst().orElse(null);
    }

    /**
     * Parses {@code connections} for a closed or an open workload: per-user is a closed workload's (an
     * open one's arrivals are each a user of one request).
     */
    static Connections from(Given given, boolean open) {
        String value = CONNECTIONS.given(given);
        if (value == null) {
            return defaultFor(open);
        }
        Connections connections = Arrays.stream(values()).filter(c -> c.spelled().equals(value.trim())).findFirst()
                .orElseThrow(() -> given.bad(CONNECTIONS, value));
        if (open && connections == PER_USER) {
            throw new SettingException(given.spelled(CONNECTIONS) + "=per-user is for concurrent users: an open workload's arrivals"
                    + " are each a user of one request; give per-request (each arrival its own connection) or shared");
        }
        return connections;
    }

    /**
     * Whether a user of a closed workload asks the server to close after every answer ({@code Connection:
     * close}): per-request there, where an open workload's arrivals simply do not share.
     */
    public boolean closesAfterEachAnswer(boolean open) {
        return this == PER_REQUEST && !open;
    }

    /** Refuses what HTTP/2 cannot do: a closed workload's per-request, when a target speaks h2 ({@code https}: each target's -Dhttp). */
    void refuseOver(Given given, boolean open, List<String> https) {
        if (closesAfterEachAnswer(open) && https.contains("h2")) {
            throw new SettingException(given.spelled(CONNECTIONS) + "=per-request has each user ask the server to close after every"
                    + " answer (Connection: close), which HTTP/2 does not allow, and a target here speaks h2 (" + given.spelled("http")
                    + "); give per-user or shared, or an open workload (" + given.spelled(RunProperties.MODEL) + "=open), whose arrivals"
                    + " each open their own connection");
        }
    }
}
