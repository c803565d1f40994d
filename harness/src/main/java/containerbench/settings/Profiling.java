package containerbench.settings;

import static containerbench.settings.RunProperties.PROFILE;

import java.util.Arrays;
import java.util.Locale;

/**
 * Whether each target JVM is profiled ({@code -Dprofile}): sampled over its own measured blocks by
 * async-profiler, so that a verdict's "how much more CPU per response" comes with where it goes.
 */
public enum Profiling {

    /** Nothing attached: the default, since a profiler costs the target some CPU of its own. */
    OFF,
    /**
     * CPU time from the kernel's perf events: every thread's CPU counted to the sample, the kernel's frames
     * seen; but each of a thread's context switches costs more with an event on it, so a target that hands
     * work between threads pays for the profiler in proportion (Undertow 1.18-1.20× its CPU per response here,
     * Tomcat 1.05-1.08×: BENCHMARKS.md).
     */
    CPU,
    /**
     * CPU time from a timer per thread ({@code timer_create} on the thread's CPU clock): no cost to a context
     * switch (Undertow 0.96-1.04× here), but no kernel frames, and timers that fire between two of the
     * kernel's ticks are lost (73-75% of Undertow's CPU sampled here, against 91-93% by perf events).
     */
    CTIMER;

    /**
     * 5 ms of CPU between samples: about 1,600 samples of a target at a core's load over a tier's eight seconds of
     * blocks in a launch, enough for any part of a few percent, at a few hundred stack walks a second.
     */
    public static final long CPU_INTERVAL_NANOS = 5_000_000;

    /** As written on the command line and in results, and as async-profiler names its event: {@code off}, {@code cpu}, {@code ctimer}. */
    public String spelled() {
        return name().toLowerCase(Locale.ROOT);
    }

    static Profiling from(Given given) {
        String value = PROFILE.given(given);
        return value == null ? OFF : named(value).orElseThrow(() -> given.bad(PROFILE, value));
    }

    /**
     * The run's own JVM's ({@code -Dprofile.injector=true}): sampled as the targets are, or by perf events where they are not
     * profiled; {@link #OFF} unless asked.
     */
    static Profiling ofInjector(Given given) {
        if (!RunProperties.PROFILE_INJECTOR.bool(given, false)) {
            return OFF;
        }
        Profiling targets = from(given);
        return targets == OFF ? CPU : targets;
    }

    /** A target's own, from {@code profile} in its brackets, else the run's. */
    static Profiling of(TargetSpec spec, Given given) {
        String value = spec.settings().get(TargetSpec.PROFILE);
        return value == null ? from(given) : named(value).orElseThrow(() -> new SettingException("bad value " + TargetSpec.PROFILE
                + "=" + value + " in " + spec + " (" + given.spelled(RunProperties.CONTAINERS) + "): " + TargetSpec.PROFILE
                + " accepts " + PROFILE.accepts()));
    }

    private static java.util.Optional<Profiling> named(String value) {
        return Arrays.stream(values()).filter(p -> p.spelled().equals(value.trim())).findFirst();
    }
}
