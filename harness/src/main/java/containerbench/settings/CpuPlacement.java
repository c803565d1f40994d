package containerbench.settings;

import static containerbench.settings.RunProperties.INJECTOR_CPUS;
import static containerbench.settings.RunProperties.TARGET_CPUS;

import java.util.Arrays;
import java.util.List;

/**
 * Optional CPU pinning (Linux {@code taskset}): the target JVM on {@code target.cpus} and the
 * Gatling JVM on {@code injector.cpus}, so that on a small machine they stop taking CPU from each
 * other and a tier's figure belongs to one of them. Both accept lists such as {@code 0}, {@code 0-1},
 * {@code 0,2}.
 */
public record CpuPlacement(String targetCpus, String injectorCpus) {

    /**
     * The machine's CPUs, not this JVM's: a JVM started under taskset sees only its own, and must
     * still accept {@code -Dtarget.cpus} of the others.
     */
    public static int machineCpus() {
        return new oshi.SystemInfo().getHardware().getProcessor().getLogicalProcessorCount();
    }

    public static CpuPlacement from(Given given, int cpus) {
        return new CpuPlacement(check(given, TARGET_CPUS, cpus), check(given, INJECTOR_CPUS, cpus));
    }

    /** How many CPUs the injector may use: those of {@code injector.cpus}, or all of {@code cpus}. */
    public int injectorCpuCount(int cpus) {
        return injectorCpus == null ? cpus : count(injectorCpus);
    }

    private static int count(String cpuList) {
        int count = 0;
        for (String part : cpuList.split(",")) {
            String[] bounds = part.split("-");
            count += Integer.parseInt(bounds[bounds.length - 1]) - Integer.parseInt(bounds[0]) + 1;
        }
        return count;
    }

    /** What to put before the target's java command: nothing, or taskset. */
    public List<String> targetPrefix() {
        return taskset(targetCpus);
    }

    /**
     * What to put before {@code mvn gatling:test} when a tool starts the run: taskset, so that the
     * Gatling JVM starts on its CPUs and sizes its GC, JIT and Netty for them, with one Netty event
     * loop per CPU (Gatling starts two per CPU; on one pinned CPU the second only adds switches).
     */
    public List<String> injectorLaunch() {
        return taskset(injectorCpus);
    }

    /** The Maven properties that go with {@link #injectorLaunch}: none, or Netty's event loop count. */
    public List<String> injectorProperties() {
        return injectorCpus == null ? List.of() : List.of("-Dio.netty.eventLoopThreads=" + count(injectorCpus));
    }

    private static List<String> taskset(String cpus) {
        return cpus == null ? List.of() : List.of("taskset", "-c", cpus);
    }

    /**
     * A warning when this JVM was started on more CPUs than {@code injector.cpus} gives it, else
     * null: pinning after the start leaves its GC, JIT and event loops sized for CPUs it cannot use.
     */
    public String pinnedLateWarning(int startCpus, int eventLoops) {
        if (injectorCpus == null || count(injectorCpus) >= startCpus) {
            return null;
        }
        return "container-bench: WARNING Gatling started on " + startCpus + " CPUs and is pinned to " + injectorCpus
                + " only now: its GC and JIT are sized for " + startCpus + ", and it runs " + eventLoops
                + " Netty event loops on " + count(injectorCpus) + " CPU(s)"
                + ". Start Maven pinned instead: taskset -c " + injectorCpus + " mvn gatling:test ... "
                + String.join(" ", injectorProperties()) + " (./bench run does this itself)";
    }

    private static String check(Given given, Property property, int cpus) {
        String value = property.given(given);
        if (value == null) {
            return null;
        }
        if (value.matches("\\d+(-\\d+)?(,\\d+(-\\d+)?)*")
                && Arrays.stream(value.split("[,-]")).mapToInt(Integer::parseInt).allMatch(cpu -> cpu < cpus)) {
            return value;
        }
        throw given.bad(property, value, property.accepts() + ", of CPUs 0 to " + (cpus - 1));
    }
}
