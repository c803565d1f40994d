package containerbench.settings;

import static containerbench.settings.RunProperties.CLIENT;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * What sends the measured load ({@code -Dclient}): Gatling's virtual users, the mission's client, or
 * wrk, a client nobody here wrote, run for each block against that block's target, so that a verdict
 * can be seen to be the containers' and not one client's. Everything else of the run is the same:
 * targets, launches, warm-ups, rounds, blocks and their order, CPU read at every turn, statistics.
 */
public enum LoadClient {

    /** Gatling's virtual users, each looping the requests over its own connection to every target. */
    GATLING,
    /**
     * wrk: for each block one {@code wrk -c USERS} against the block's target, stopped at the block's
     * end; it keeps each connection alive and sends again when answered, as Gatling's users do, but
     * opens its connections anew at every block (a wrk run cannot pause).
     */
    WRK;

    /** As written on the command line and in results: {@code gatling}, {@code wrk}. */
    public String spelled() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** A spelled value as read from results; {@code null} (results before it was kept) is Gatling, the only client then. */
    public static LoadClient read(String spelled) {
        return spelled == null ? GATLING
                : Arrays.stream(values()).filter(c -> c.spelled().equals(spelled)).findFirst().orElse(GATLING);
    }

    static LoadClient from(Given given) {
        String value = CLIENT.given(given);
        if (value == null) {
            return GATLING;
        }
        return Arrays.stream(values()).filter(c -> c.spelled().equals(value.trim())).findFirst()
                .orElseThrow(() -> given.bad(CLIENT, value));
    }

    /**
     * What wrk cannot send, refused before anything starts: an open workload, HTTP/2, connections
     * other than one per user, several injectors, anything but one plain GET, and no recording.
     */
    void refuseOver(Given given, TierPlan plan, List<TargetSettings> targets, AppRequests requests, InjectorShare injectors) {
        if (this == GATLING) {
            return;
        }
        String wrk = given.spelled(CLIENT) + "=wrk";
        if (plan.arrivesAtRates()) {
            throw new SettingException(wrk + " keeps its connections busy, each sending again when answered (a closed workload):"
                    + " an open workload's rates (" + given.spelled(RunProperties.MODEL) + "=open) are Gatling's, the default client");
        }
        targets.stream().filter(target -> target.http().equals("h2")).findFirst().ifPresent(target -> {
            throw new SettingException(wrk + " speaks HTTP/1.1, cleartext or over TLS, and " + target.label() + " is asked for h2:"
                    + " give " + given.spelled("http") + "=h1 or h1-tls");
        });
        if (plan.connections() != Connections.PER_USER) {
            throw new SettingException(wrk + " keeps each of its connections alive, one per user: "
                    + given.spelled(RunProperties.CONNECTIONS) + "=" + plan.connections().spelled() + " is Gatling's");
        }
        if (!injectors.alone()) {
            throw new SettingException(wrk + " runs one wrk per block on this machine: " + given.spelled(RunProperties.INJECTORS)
                    + " splits Gatling's users");
        }
        AppRequest request = requests.requests().get(0);
        if (requests.requests().size() > 1 || !request.method().equals("GET") || request.body() != null
                || !request.headers().isEmpty() || request.fed()) {
            throw new SettingException(wrk + " sends one GET, the same every time, and " + given.spelled(RunProperties.APP_REQUESTS)
                    + " asks for " + requests.requests().size() + " request(s), the first " + request.described()
                    + ": give one GET without headers, body or feeder, or leave the client Gatling");
        }
        if (!RunProperties.RECORD.bool(given, true)) {
            throw new SettingException(given.spelled(RunProperties.RECORD) + "=false measures what Gatling's recording costs,"
                    + " and " + wrk + " reports its own figures");
        }
    }
}
