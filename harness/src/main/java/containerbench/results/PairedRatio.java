package containerbench.results;

import containerbench.measure.Decimals;
import java.util.Arrays;
import java.util.List;
import org.apache.commons.statistics.distribution.TDistribution;

/**
 * The ratio of two figures measured in pairs, with its interval: Student's t on the logarithms of
 * the per-pair ratios, turned back into a ratio. Logarithms because a ratio's errors multiply (1.1
 * and 1/1.1 are the same distance from 1), and t because a tier has a handful of pairs, not
 * hundreds. The ratio is the geometric mean of the pairs' ratios.
 *
 * @param low the interval's lower end (equal to ratio with a single pair)
 */
public record PairedRatio(double ratio, double low, double high, int pairs) {

    /** The 95% interval. */
    public static PairedRatio of(List<Double> others, List<Double> baselines) {
        return of(others, baselines, 0.95);
    }

    /** The interval of the given confidence, from the spread of all the pairs. */
    public static PairedRatio of(List<Double> others, List<Double> baselines, double confidence) {
        return of(logs(others, baselines), confidence);
    }

    /**
     * Stein's two-stage interval: the spread comes from the first {@code pilot} pairs only, with their
     * degrees of freedom, and the mean from all. Because the pairs after the pilot were chosen from
     * the pilot's spread, the usual interval would not keep its confidence; this one does, exactly for
     * normal log ratios, however many pairs the pilot asked for.
     */
    public static PairedRatio stein(List<Double> others, List<Double> baselines, int pilot, double confidence) {
        double[] logs = logs(others, baselines);
        int spreadFrom = Math.min(pilot, logs.length);
        // The pilot's spread, widened where its pairs lean on each other (PilotSpread).
        return around(logs, spreadFrom < 2 ? 0 : PilotSpread.of(Arrays.copyOf(logs, spreadFrom)).half(logs.length, confidence));
    }

    /**
     * The ratio over several launches of each target (fresh JVMs): each launch's mean log ratio is
     * one observation, the ratio the geometric mean of theirs, and the interval Student's t over
     * them, exp(mean ± t · s / √launches), with s and its degrees of freedom from {@code spread}: how
     * far a launch mean strays from its tier's mean, pooled over the run's tiers of this figure. Two
     * launches of one container differ for a whole tier (the JIT's decisions, the heap's layout, where
     * the hot threads landed), which the blocks of one launch cannot see; the launch means carry it,
     * and with the same rounds in every launch their variance is σ²(launch) + σ²(block) / rounds,
     * whatever the two are.
     *
     * @param launches each launch's log ratios, round by round
     */
    public static PairedRatio ofLaunches(List<double[]> launches, LaunchSpread spread, double confidence) {
        double[] means = means(launches);
        int pairs = launches.stream().mapToInt(logs -> logs.length).sum();
        double mean = Arrays.stream(means).average().orElseThrow();
        double half = quantile(spread.degrees(), confidence) * Math.sqrt(spread.variance() / means.length);
        return new PairedRatio(Decimals.four(Math.exp(mean)), Decimals.four(Math.exp(mean - half)),
                Decimals.four(Math.exp(mean + half)), pairs);
    }

    /**
     * The variance of one tier's launch mean of one figure (its log ratio), and the degrees of freedom
     * it has. A launch mean strays by three parts: what its blocks scatter (well known at each tier:
     * launches x (rounds - 1) degrees of freedom), what a launch is off by at that tier alone, and
     * what it is off by at every tier alike (one JVM, one JIT outcome), which only launches - 1 can
     * tell. So the variance is a random-effects sum: the tier's block part, moderated toward the
     * other tiers' (Smyth 2004: their variances shrunk toward their common one as far as they agree),
     * plus the two launch parts from the two-way table of launch means (tiers by launches), each
     * never below zero, with Satterthwaite's degrees of freedom over the three. A tier's variance is
     * never taken below its own launch means' (one tier's launches may disagree while the others
     * agree), with the model's degrees of freedom. Chosen by simulation against pooling one variance
     * over the tiers, against each tier's own launches and against falling back to them on a test:
     * docs/method.md, "Each tier's interval", gives the table and the cases it does not hold.
     *
     * @param degrees Satterthwaite's degrees of freedom, not a whole number
     * @param tiers how many tiers of two launches or more the model was fitted to
     * @param source whether the model's variance ({@code MODEL}) or the tier's own launch means', which
     *        spread more ({@code OWN}); {@code null} in older results
     */
    public record LaunchSpread(double variance, double degrees, int tiers, Source source) {

        /** Where a tier's variance came from. */
        public enum Source {
            /** The random-effects model fitted to the run's tiers. */
            MODEL,
            /** The tier's own launch means, which spread more than the model says (or no other tier to fit it with). */
            OWN
        }

        /**
         * Each tier's spread, in the order given; {@code null} for a tier of fewer than two launches.
         *
         * @param tiers tier by tier, each launch's log ratios round by round, by launch
         */
        public static List<LaunchSpread> byTier(List<java.util.SortedMap<Integer, double[]>> tiers) {
            List<java.util.SortedMap<Integer, double[]>> fitted = tiers.stream().filter(t -> t.size() >= 2).toList();
            boolean balanced = fitted.stream().allMatch(t -> t.keySet().equals(fitted.get(0).keySet()));
            List<LaunchSpread> spreads = new java.util.ArrayList<>();
            if (fitted.size() < 2 || !balanced) {
                // Nothing to fit a model with: each tier stands on its own launches.
                tiers.forEach(t -> spreads.add(t.size() < 2 ? null : own(t, Math.max(floor(t), launchMeansVariance(t)), fitted.size())));
                return spreads;
            }
            Model model = Model.of(fitted);
            int index = 0;
            for (java.util.SortedMap<Integer, double[]> launches : tiers) {
                spreads.add(launches.size() < 2 ? null : model.spread(index++, launches));
            }
            return spreads;
        }

        /**
         * How many launches would bring an interval of this spread, adjusted for {@code family}, to
         * ±{@code percent}: its variance taken as measured, its degrees of freedom growing with the
         * launches as each of its parts does (launches - 1 at a time); {@code null} beyond 100.
         */
        public Integer launchesFor(double percent, int launches, int family) {
            double target = Math.log(1 + percent / 100);
            double confidence = 1 - 0.05 / Math.max(1, family);
            for (int more = Math.max(2, launches); more <= 100; more++) {
                double grown = Math.min(MOST_DEGREES, degrees * (more - 1) / Math.max(1, launches - 1));
                if (quantile(grown, confidence) * Math.sqrt(variance / more) <= target) {
                    return more;
                }
            }
            return null;
        }

        private static LaunchSpread own(java.util.SortedMap<Integer, double[]> launches, double variance, int tiers) {
            return new LaunchSpread(variance, launches.size() - 1, tiers, Source.OWN);
        }

        /** The variance of a launch mean that its blocks alone imply. */
        private static double floor(java.util.SortedMap<Integer, double[]> launches) {
            return Within.of(launches).ofMean();
        }

        private static double launchMeansVariance(java.util.SortedMap<Integer, double[]> launches) {
            double sd = sd(means(List.copyOf(launches.values())));
            return sd * sd;
        }

        /** The block variance within a tier's launches, its degrees of freedom, and the mean rounds per launch. */
        private record Within(double variance, int degrees, double rounds) {

            static Within of(java.util.SortedMap<Integer, double[]> launches) {
                double squares = 0;
                int degrees = 0;
                for (double[] logs : launches.values()) {
                    double mean = Arrays.stream(logs).average().orElseThrow();
                    squares += Arrays.stream(logs).map(x -> (x - mean) * (x - mean)).sum();
                    degrees += logs.length - 1;
                }
                double rounds = launches.values().stream().mapToInt(logs -> logs.length).average().orElseThrow();
                return new Within(degrees == 0 ? 0 : squares / degrees, degrees, rounds);
            }

            /** The variance of a launch mean that these blocks alone imply: theirs over the rounds; 0 with no block spread to read. */
            double ofMean() {
                return degrees == 0 ? 0 : variance / rounds;
            }
        }

        /** The random-effects model of a run's tiers, all with the same launches. */
        private record Model(double[] blockPart, double blockDegrees, double shared, double sharedTerm, double perTier,
                double perTierTerm, int tiers) {

            static Model of(List<java.util.SortedMap<Integer, double[]>> tiers) {
                int t = tiers.size();
                int l = tiers.get(0).size();
                List<Within> within = tiers.stream().map(Within::of).toList();
                int blockDegrees = within.get(0).degrees();
                boolean sameBlockDegrees = within.stream().allMatch(w -> w.degrees() == blockDegrees);
                double[] blockPart = new double[t];
                double priorDegrees = 0;
                if (blockDegrees > 0 && sameBlockDegrees) {
                    Moderation moderation = Moderation.of(within.stream().mapToDouble(Within::variance).toArray(), blockDegrees);
                    priorDegrees = moderation.priorDegrees();
                    for (int i = 0; i < t; i++) {
                        blockPart[i] = moderation.moderated(within.get(i).variance(), blockDegrees) / within.get(i).rounds();
                    }
                } else {
                    for (int i = 0; i < t; i++) {
                        blockPart[i] = within.get(i).ofMean();
                    }
                }
                // The two-way table of launch means: a launch's own term (alike at every tier) and what is left.
                double squares = 0;
                double[] own = new double[l];
                for (java.util.SortedMap<Integer, double[]> launches : tiers) {
                    double[] means = means(List.copyOf(launches.values()));
                    double mean = Arrays.stream(means).average().orElseThrow();
                    for (int i = 0; i < l; i++) {
                        own[i] += (means[i] - mean) / t;
                        squares += (means[i] - mean) * (means[i] - mean);
                    }
                }
                double launchSquares = t * Arrays.stream(own).map(a -> a * a).sum();
                int launchDegrees = l - 1;
                int restDegrees = (t - 1) * (l - 1);
                double meanSquareLaunch = launchSquares / launchDegrees;
                double meanSquareRest = (squares - launchSquares) / restDegrees;
                double blockMean = within.stream().mapToDouble(Within::ofMean).average().orElseThrow();
                double shared = Math.max(0, (meanSquareLaunch - meanSquareRest) / t);
                double perTier = Math.max(0, meanSquareRest - blockMean);
                double sharedTerm = shared == 0 ? 0 : square(meanSquareLaunch / t) / launchDegrees + square(meanSquareRest / t) / restDegrees;
                double perTierTerm = perTier == 0 ? 0 : square(meanSquareRest) / restDegrees
                        + (blockDegrees == 0 ? 0 : square(blockMean) / ((double) t * blockDegrees));
                return new Model(blockPart, blockDegrees == 0 ? Double.POSITIVE_INFINITY : Math.min(MOST_DEGREES, priorDegrees + blockDegrees),
                        shared, sharedTerm, perTier, perTierTerm, t);
            }

            /** The spread of the {@code index}th fitted tier: the model's, or its own where its launches spread beyond it. */
            LaunchSpread spread(int index, java.util.SortedMap<Integer, double[]> launches) {
                double block = blockPart[index];
                double variance = block + shared + perTier;
                int launchDegrees = launches.size() - 1;
                if (variance <= 0) {
                    return own(launches, launchMeansVariance(launches), tiers);
                }
                double blockTerm = Double.isInfinite(blockDegrees) ? 0 : block * block / blockDegrees;
                double terms = blockTerm + sharedTerm + perTierTerm;
                double degrees = terms == 0 ? MOST_DEGREES : Math.max(launchDegrees, Math.min(MOST_DEGREES, variance * variance / terms));
                double own = launchMeansVariance(launches);
                return own > variance ? new LaunchSpread(own, degrees, tiers, Source.OWN) : new LaunchSpread(variance, degrees, tiers, Source.MODEL);
            }
        }
    }

    /** More degrees of freedom than this are as good as infinitely many (t then is the normal's within 0.2%). */
    static final double MOST_DEGREES = 1000;

    /**
     * Variances each on the same degrees of freedom, moderated (Smyth 2004, limma's squeezeVar): each
     * shrunk toward their common value by as many prior degrees of freedom as their agreement earns,
     * estimated by moments of their logarithms; none when they scatter no more than chance would.
     *
     * @param priorDegrees infinite where they agree within chance (every one then takes the common value)
     */
    record Moderation(double priorDegrees, double prior) {

        static Moderation of(double[] variances, double degrees) {
            int n = variances.length;
            double[] z = new double[n];
            for (int i = 0; i < n; i++) {
                z[i] = Math.log(Math.max(variances[i], 1e-300)) - org.apache.commons.numbers.gamma.Digamma.value(degrees / 2)
                        + Math.log(degrees / 2);
            }
            double mean = Arrays.stream(z).average().orElseThrow();
            double spread = n < 2 ? 0 : Arrays.stream(z).map(x -> (x - mean) * (x - mean)).sum() / (n - 1);
            double excess = spread - org.apache.commons.numbers.gamma.Trigamma.value(degrees / 2);
            if (n < 2 || excess <= 0) {
                return new Moderation(Double.POSITIVE_INFINITY, Arrays.stream(variances).average().orElseThrow());
            }
            double prior = 2 * trigammaInverse(excess);
            return new Moderation(prior, Math.exp(mean + org.apache.commons.numbers.gamma.Digamma.value(prior / 2) - Math.log(prior / 2)));
        }

        double moderated(double variance, double degrees) {
            return Double.isInfinite(priorDegrees) ? prior : (priorDegrees * prior + degrees * variance) / (priorDegrees + degrees);
        }

        /** The x whose trigamma is y: Newton's iteration as limma's trigammaInverse. */
        static double trigammaInverse(double y) {
            if (y > 1e7) {
                return 1 / Math.sqrt(y);
            }
            if (y < 1e-6) {
                return 1 / y;
            }
            double x = 0.5 + 1 / y;
            for (int i = 0; i < 50; i++) {
                double trigamma = org.apache.commons.numbers.gamma.Trigamma.value(x);
                double step = trigamma * (1 - trigamma / y) / tetragamma(x);
                x += step;
                if (-step / x < 1e-8) {
                    break;
                }
            }
            return x;
        }

        /** The derivative of trigamma, numerically. */
        private static double tetragamma(double x) {
            double h = 1e-5 * Math.max(1, x);
            return (org.apache.commons.numbers.gamma.Trigamma.value(x + h) - org.apache.commons.numbers.gamma.Trigamma.value(x - h)) / (2 * h);
        }
    }

    private static double square(double x) {
        return x * x;
    }

    private static double[] means(List<double[]> launches) {
        return launches.stream().mapToDouble(logs -> Arrays.stream(logs).average().orElseThrow()).toArray();
    }

    /**
     * How far a ratio moves from block to block inside a launch and from launch to launch, as standard
     * deviations of its logarithm in percent: the block part pooled over the launches' rounds, the
     * launch part what the launch means spread beyond what their blocks explain (ANOVA's estimator,
     * zero when they spread less); {@code null} with one launch, which cannot tell.
     */
    public record Components(double blockPercent, Double launchPercent, LaunchSpread pooled) {

        public Components(double blockPercent, Double launchPercent) {
            this(blockPercent, launchPercent, null);
        }

        /** @param pooled what the interval's spread was pooled from, over several launches */
        public static Components of(List<double[]> launches, LaunchSpread pooled) {
            Components c = of(launches);
            return new Components(c.blockPercent, c.launchPercent, launches.size() < 2 ? null : pooled);
        }

        public static Components of(List<double[]> launches) {
            double within = 0;
            int degrees = 0;
            for (double[] logs : launches) {
                double mean = Arrays.stream(logs).average().orElseThrow();
                within += Arrays.stream(logs).map(x -> (x - mean) * (x - mean)).sum();
                degrees += logs.length - 1;
            }
            double blockVariance = degrees == 0 ? 0 : within / degrees;
            if (launches.size() < 2) {
                return new Components(Decimals.two(100 * Math.sqrt(blockVariance)), null);
            }
            double[] means = means(launches);
            double rounds = launches.stream().mapToInt(logs -> logs.length).average().orElseThrow();
            double launchVariance = Math.max(0, sd(means) * sd(means) - blockVariance / rounds);
            return new Components(Decimals.two(100 * Math.sqrt(blockVariance)), Decimals.two(100 * Math.sqrt(launchVariance)));
        }
    }

    private static PairedRatio of(double[] logs, double confidence) {
        int n = logs.length;
        return around(logs, n < 2 ? 0 : quantile(n - 1, confidence) * sd(logs) / Math.sqrt(n));
    }

    /** The logs' mean ratio with an interval of {@code half} either side of it on the log scale; 0 where there is no spread to take. */
    private static PairedRatio around(double[] logs, double half) {
        double mean = Arrays.stream(logs).average().orElse(Double.NaN);
        return new PairedRatio(Decimals.four(Math.exp(mean)), Decimals.four(Math.exp(mean - half)),
                Decimals.four(Math.exp(mean + half)), logs.length);
    }

    /** The logarithms of the pairs' ratios. */
    public static double[] logs(List<Double> others, List<Double> baselines) {
        double[] logs = new double[others.size()];
        for (int i = 0; i < logs.length; i++) {
            logs[i] = Math.log(others.get(i) / baselines.get(i));
        }
        return logs;
    }

    /** The sample standard deviation. */
    static double sd(double[] values) {
        double mean = Arrays.stream(values).average().orElse(Double.NaN);
        return Math.sqrt(Arrays.stream(values).map(x -> (x - mean) * (x - mean)).sum() / (values.length - 1));
    }

    /** Student's t quantile for a two-sided interval of {@code confidence}. */
    static double quantile(double degreesOfFreedom, double confidence) {
        return TDistribution.of(degreesOfFreedom).inverseCumulativeProbability(1 - (1 - confidence) / 2);
    }

    /** Whether the interval holds 1: no difference established. */
    public boolean holdsOne() {
        return low <= 1 && 1 <= high;
    }

    /**
     * The precision reached, as "±x%": half the interval's width on the logarithmic scale it was
     * computed on (high = ratio x (1 + x/100), low = ratio / (1 + x/100)).
     */
    public double halfWidthPercent() {
        return low <= 0 ? Double.POSITIVE_INFINITY : 100 * (Math.sqrt(high / low) - 1);
    }
}
