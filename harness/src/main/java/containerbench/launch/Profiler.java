package containerbench.launch;

import com.sun.tools.attach.AgentLoadException;
import com.sun.tools.attach.AgentInitializationException;
import com.sun.tools.attach.AttachNotSupportedException;
import com.sun.tools.attach.VirtualMachine;
import containerbench.settings.Profiling;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Locale;

/**
 * async-profiler attached to one target JVM for one launch: loaded into the running JVM through the
 * JDK's attach API (as its own {@code asprof} does), recording into a JFR file from the moment the
 * target answers until its launch ends. One recording a launch, not one a block: attaching takes
 * 0.1-0.5 s, which a block's turn has no time for, and the samples carry their instants, by which the
 * results cut each target's own blocks out ({@code measure.Profiles}). The same for an embedded
 * container and a standalone server: the JVM is found by its process id, no start script touched.
 * The run's own JVM ({@code -Dprofile.injector}) loads the profiler into itself through its Java API,
 * since a JVM may not attach to itself unless started to allow it.
 */
public final class Profiler {

    /** Where the profiler is told what to do: the JVM it was loaded into. */
    private interface Agent {
        // The attach API's and the Java API's refusals alike: each is said with the profiler's own words.
        void send(String command) throws Exception;
    }

    private final String label;
    private final Agent agent;
    private final Path recording;
    private boolean stopped;

    private Profiler(String label, Agent agent, Path recording) {
        this.label = label;
        this.agent = agent;
        this.recording = recording;
    }

    /**
     * Starts sampling the JVM {@code pid} into {@code recording}; fails, naming the target, when the
     * JVM refuses the profiler (attach switched off, perf events refused for {@code cpu}).
     *
     * @param libraries where to unpack the profiler's native library (once for every run)
     */
    static Profiler start(Profiling profiling, long pid, String label, Path libraries, Path recording) {
        Path library = library(libraries);
        return start(profiling, label + " (process " + pid + ")", options -> load(pid, library, options), recording,
                "; let this JVM attach to its targets (the same user, no -XX:+DisableAttachMechanism), give -Dprofile=ctimer where"
                        + " perf events are not allowed, or run without -Dprofile");
    }

    /**
     * Starts sampling this JVM, the injector, into {@code recording}; fails when the profiler cannot start here.
     *
     * @param libraries where to unpack the profiler's native library (once for every run)
     */
    public static Profiler startHere(Profiling profiling, Path libraries, Path recording) {
        Path library = library(libraries);
        Agent here = options -> one.profiler.AsyncProfiler.getInstance(library.toString()).execute(options);
        return start(profiling, "this run's own JVM", here, recording, "; where perf events are not allowed, sample by a timer"
                + " (mvn gatling:test -Dprofile.injector=true -Dprofile=ctimer), or run without -Dprofile.injector");
    }

    private static Profiler start(Profiling profiling, String label, Agent agent, Path recording, String advice) {
        String options = "start,event=" + profiling.spelled() + ",interval=" + Profiling.CPU_INTERVAL_NANOS + ",jfr,file=" + recording;
        try {
            Files.deleteIfExists(recording);
            agent.send(options);
        } catch (Exception | LinkageError e) {
            throw new IllegalStateException("could not start async-profiler in " + label + ": " + e + advice, e);
        }
        return new Profiler(label, agent, recording);
    }

    /** The JFR file it writes when stopped. */
    public Path recording() {
        return recording;
    }

    /** Stops sampling and writes the recording; a JVM already gone leaves none, said on the console. */
    public synchronized void stop() {
        if (stopped) {
            return;
        }
        stopped = true;
        try {
            agent.send("stop");
        } catch (Exception e) {
            System.out.println("container-bench: WARNING the profile of " + label + " was not written: " + e.getMessage());
        }
    }

    private static void load(long pid, Path library, String options)
            throws IOException, AttachNotSupportedException, AgentLoadException, AgentInitializationException {
        VirtualMachine vm = VirtualMachine.attach(Long.toString(pid));
        try {
            vm.loadAgentPath(library.toString(), options);
        } finally {
            vm.detach();
        }
    }

    /** The profiler's native library for this machine, unpacked from its jar into {@code folder} unless it is there already. */
    static synchronized Path library(Path folder) {
        String os = System.getProperty("os.name").toLowerCase(Locale.ROOT);
        String arch = System.getProperty("os.arch");
        String platform = os.contains("mac") ? "macos" : os.contains("linux") && (arch.equals("amd64") || arch.equals("x86_64"))
                ? "linux-x64" : os.contains("linux") && arch.equals("aarch64") ? "linux-arm64" : null;
        if (platform == null) {
            throw new IllegalStateException("async-profiler ships no library for " + os + " on " + arch + ": run without -Dprofile");
        }
        Path library = folder.resolve(platform).resolve("libasyncProfiler.so");
        try (InputStream in = Profiler.class.getClassLoader().getResourceAsStream(platform + "/libasyncProfiler.so")) {
            if (in == null) {
                throw new IllegalStateException("async-profiler's jar is not on the classpath: " + platform + "/libasyncProfiler.so");
            }
            byte[] bytes = in.readAllBytes();
            if (!Files.exists(library) || Files.size(library) != bytes.length) {
                Files.createDirectories(library.getParent());
                Path partial = Files.createTempFile(library.getParent(), "libasyncProfiler", ".part");
                Files.write(partial, bytes);
                Files.move(partial, library, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            }
            return library;
        } catch (IOException e) {
            throw new UncheckedIOException("could not unpack async-profiler into " + folder + ": " + e.getMessage(), e);
        }
    }
}
