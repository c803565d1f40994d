package containerbench.measure;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** How a profile's samples become CPU per response, and what each sample is charged to. */
class ProfilesTest {

    @Test
    void samplesScaleToCpuMicrosecondsPerResponse() {
        // 818 samples, each 5 ms of a thread's CPU: 4.09 s of CPU, over 124,879 OK responses: 32.75 µs each.
        assertEquals(4.09e6 / 124_879, Profiles.microsPerResponse(818, 5_000_000, 124_879), 1e-9);
        assertEquals(32.75, Profiles.microsPerResponse(818, 5_000_000, 124_879), 0.01);
        // At 1 ms a sample, a thousand samples over a thousand responses are a millisecond each.
        assertEquals(1000.0, Profiles.microsPerResponse(1000, 1_000_000, 1000), 1e-9);
    }

    @Test
    void theInjectorsWindowsAreEveryTargetsAndATierWithoutSamplesKeepsAnEmptyPart(@TempDir Path dir) {
        Tier tier = Tier.parse("100 users");
        List<Profiles.Window> blocks = List.of(new Profiles.Window(tier, "tomcat", 1, 1000, 2000, 30),
                new Profiles.Window(tier, "undertow", 1, 2000, 3000, 20));
        List<Profiles.Window> injector = Profiles.Window.ofInjector(blocks);
        assertEquals(List.of(new Profiles.Window(tier, Profiles.INJECTOR, 0, 1000, 2000, 30),
                new Profiles.Window(tier, Profiles.INJECTOR, 0, 2000, 3000, 20)), injector, "one launch over every target's blocks");
        // No recording written (a profiler that could not stop): no baseline to draw against, and no failure.
        Profiles cut = Profiles.cut("cpu", 5_000_000, List.of(new Profiles.Recording(Profiles.INJECTOR, 0, dir.resolve("none.jfr"))),
                injector, null, dir, Path::toString);
        assertEquals(1, cut.parts().size());
        assertEquals(List.of(), cut.parts().get(0).launches());
        assertEquals(null, cut.parts().get(0).flameGraph());
    }

    @Test
    void aSampleIsChargedToTheCodeThatAskedTheJdkAndNamedByTheJdkWorkItEndedIn() {
        String parked = "org.jboss.threads.EnhancedQueueExecutor$PoolThreadNode" + Profiles.CALLED + "jdk.internal.misc.Unsafe";
        assertEquals("org.jboss.threads", Profiles.packageOf(parked));
        assertEquals("jdk.internal.misc.Unsafe", Profiles.workOf(parked));
        assertEquals("org.apache.coyote.http11", Profiles.packageOf("org.apache.coyote.http11.Http11Processor"));
        assertEquals("(its own code)", Profiles.workOf("org.apache.coyote.http11.Http11Processor"));
        // A stack of the JDK alone is its own work, in its own package.
        assertEquals("java.lang", Profiles.packageOf("java.lang.Thread"));
        assertEquals("java.lang.Thread", Profiles.workOf("java.lang.Thread"));
        // The small classes of a package, folded together, keep both their package and their JDK work.
        String folded = "org.xnio.nio.(other)" + Profiles.CALLED + "sun.nio.ch.EPoll";
        assertEquals("org.xnio.nio", Profiles.packageOf(folded));
        assertEquals("sun.nio.ch.EPoll", Profiles.workOf(folded));
        assertEquals("(JVM: garbage collector)", Profiles.packageOf("(JVM: garbage collector)"));
        assertEquals("(JVM: garbage collector)", Profiles.workOf("(JVM: garbage collector)"));
    }

    @Test
    void theJvmsOwnThreadsAreToldApartByTheirNames() {
        assertEquals("(JVM: garbage collector)", Profiles.jvmWork("GC Thread#0"));
        assertEquals("(JVM: garbage collector)", Profiles.jvmWork("G1 Conc#0"));
        assertEquals("(JVM: garbage collector)", Profiles.jvmWork("G1 Refine#1"));
        assertEquals("(JVM: JIT compiler)", Profiles.jvmWork("C2 CompilerThread0"));
        assertEquals("(JVM: other threads)", Profiles.jvmWork("VM Thread"));
        assertEquals("(JVM: other threads)", Profiles.jvmWork(null));
    }

    @Test
    void aLambdaIsNamedAlikeInEveryLaunch() {
        assertEquals("io.undertow.server.Connectors$$Lambda", Profiles.normalized("io.undertow.server.Connectors$$Lambda.0x00007f3c2c0c1234"));
        assertEquals("io.undertow.server.Connectors$$Lambda", Profiles.normalized("io.undertow.server.Connectors$$Lambda$312/0x0000000801234"));
        assertTrue(Profiles.jdk("sun.nio.ch.EPoll") && Profiles.jdk("jdk.internal.misc.Unsafe") && Profiles.jdk("java.util.HashMap"));
        assertFalse(Profiles.jdk("jakarta.servlet.http.HttpServlet") || Profiles.jdk("org.eclipse.jetty.server.Server"));
    }
}
