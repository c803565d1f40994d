package containerbench.settings;

import static containerbench.settings.RunProperties.MAX_IN_FLIGHT;
import static containerbench.settings.RunProperties.MODEL;
import static containerbench.settings.RunProperties.RATES;
import static containerbench.settings.RunProperties.SLO_MAX_FAILURE_PERCENT;
import static containerbench.settings.RunProperties.SLO_P99_MS;
import static containerbench.settings.RunProperties.TIERS;

import java.util.ArrayList;
import java.util.List;

/**
 * An open workload: requests arrive at a fixed rate whatever the target's answers, as real traffic
 * does, over a shared keep-alive pool, at most {@code maxInFlight} at a time; latency counts from
 * when each request was due, not from when it left. With an {@code slo}, the rates are a stair
 * climbed until no target keeps its p99 under the goal: each target's capacity.
 *
 * @param rates arrivals per second of each tier (each step of the stair), in order
 * @param maxInFlight the most requests outstanding at once: an arrival beyond it fails at once, as
 *     "not sent", so that an overloaded target makes failures rather than a queue in the injector
 * @param slo the latency goal whose capacity is searched, or {@code null}
 */
public record OpenModel(List<Integer> rates, int maxInFlight, Slo slo) {

    /**
     * A latency goal: p99 (from each request's due time) at most {@code p99Ms}, with at most
     * {@code maxFailurePercent} of the requests failed.
     */
    public record Slo(double p99Ms, double maxFailurePercent) {

        /** Whether a block's figures keep the goal. */
        public boolean kept(double p99Ms, double failurePercent) {
            return p99Ms <= this.p99Ms && failurePercent <= maxFailurePercent;
        }
    }

    /** The stair climbed for a capacity when no rates are given: 25% a step, from 500 to 20,000 requests a second. */
    static final String STAIR = "500,630,790,1000,1250,1600,2000,2500,3200,4000,5000,6300,7900,10000,12500,16000,20000";

    /** The open model the run was given, or {@code null} for a closed one (tiers of users). */
    static OpenModel from(Given given) {
        String model = MODEL.text(given, given.has(SLO_P99_MS) ? "open" : "closed").trim();
        if (!model.equals("open") && !model.equals("closed")) {
            throw given.bad(MODEL, model);
        }
        if (model.equals("closed")) {
            for (Property open : List.of(RATES, MAX_IN_FLIGHT, SLO_P99_MS, SLO_MAX_FAILURE_PERCENT)) {
                if (given.has(open)) {
                    throw new SettingException(given.spelled(open) + " is for an open workload (" + given.spelled(MODEL)
                            + "=open); this run's tiers are concurrent users (" + given.spelled(MODEL) + "=closed)");
                }
            }
            return null;
        }
        if (given.has(TIERS)) {
            throw new SettingException(given.spelled(TIERS) + " are concurrent users of a closed workload; an open one ("
                    + given.spelled(MODEL) + "=open) takes arrival rates: " + given.spelled(RATES) + "=1000,2000");
        }
        Slo slo = null;
        if (given.has(SLO_P99_MS)) {
            slo = new Slo(positive(given, SLO_P99_MS), SLO_MAX_FAILURE_PERCENT.given(given) == null ? 1
                    : Gates.percent(given, SLO_MAX_FAILURE_PERCENT, SLO_MAX_FAILURE_PERCENT.given(given)));
        } else if (given.has(SLO_MAX_FAILURE_PERCENT)) {
            throw new SettingException(given.spelled(SLO_MAX_FAILURE_PERCENT) + " goes with " + given.spelled(SLO_P99_MS)
                    + ", the latency goal whose capacity is searched");
        }
        String list = RATES.text(given, slo == null ? RATES.defaultValue() : STAIR);
        List<Integer> rates = new ArrayList<>();
        for (String rate : list.split(",", -1)) {
            try {
                rates.add(RATES.atLeast(given, rate, 1));
            } catch (SettingException e) {
                throw given.bad(RATES, list);
            }
        }
        if (slo != null) {
            for (int i = 1; i < rates.size(); i++) {
                if (rates.get(i) <= rates.get(i - 1)) {
                    throw new SettingException(given.spelled(RATES) + "=" + list + ": a capacity search climbs, each rate"
                            + " above the one before");
                }
            }
        }
        return new OpenModel(List.copyOf(rates), MAX_IN_FLIGHT.atLeast(given, 1,
                Integer.parseInt(MAX_IN_FLIGHT.defaultValue())), slo);
    }

    private static double positive(Given given, Property property) {
        String value = property.given(given);
        try {
            double parsed = Double.parseDouble(value.trim());
            if (parsed > 0 && Double.isFinite(parsed)) {
                return parsed;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw given.bad(property, value);
    }
}
