package containerbench.settings;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import containerbench.launcher.Knob;
import containerbench.launcher.KnobRule;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A knob's rule crosses the text boundary of knobs.txt whole: what the launcher writes, the harness reads back. */
class TargetKnobTest {

    // One of each factory and bound the launchers use: no upper bound, an upper bound, a negative
    // minimum, no default, a boolean, a choice.
    private static final List<Knob> EVERY_KIND = List.of(
            Knob.integer("maxThreads", 512, 1, "request-processing threads").as("threads"),
            Knob.integer("listenBacklog", 512, 0, 512, "listen backlog\twith a tab").as("backlog"),
            Knob.integer("maxKeepAliveRequests", -1, -1, "requests per connection, -1 unlimited"),
            Knob.integer("minThreads", null, 1, "threads kept alive when idle"),
            Knob.bool("useVirtualThreads", false, "virtual threads").as("virtualThreads"),
            Knob.choice("protocol", "nio", List.of("nio", "nio2"), "connector implementation"));

    @TempDir
    Path root;

    @Test
    void everyRuleKindWrittenByTheLauncherIsReadBackAsTheSameRule() {
        for (Knob knob : EVERY_KIND) {
            assertEquals(new TargetKnob(knob.name(), knob.common(), knob.defaultValue(), knob.rule(),
                    knob.description().replace('\t', ' ')), TargetKnob.parse(knob.line()), knob.line());
        }
        Set<Class<?>> covered = EVERY_KIND.stream().map(knob -> knob.rule().getClass()).collect(Collectors.toSet());
        assertEquals(Set.of(KnobRule.class.getPermittedSubclasses()), covered, "a new kind of rule needs a case here");
    }

    @Test
    void theRuleReadBackJudgesAValueAsTheLauncherDoes() {
        TargetKnob backlog = TargetKnob.parse(EVERY_KIND.get(1).line());
        assertEquals(List.of(true, true, false, false, false), List.of("0", "512", "513", "-1", "many").stream()
                .map(backlog.rule()::allows).toList());
        assertEquals("an integer from 0 to 512", backlog.accepts());
    }

    @Test
    void aKnobListInTheFormerFormatAsksForARebuild() throws Exception {
        Path module = root.resolve("targets/tomcat");
        Files.createDirectories(module.resolve("src/main/resources/META-INF/services"));
        Files.writeString(module.resolve("src/main/resources/META-INF/services/containerbench.launcher.Container"), "x\n");
        Files.createDirectories(module.resolve("target"));
        Path file = Files.writeString(module.resolve("target/knobs.txt"),
                "maxThreads\tthreads\t512\tan integer >= 1\trequest-processing threads\n");
        assertEquals("cannot read " + file + " ('an integer >= 1' is not a knob rule; a rule is integer MIN.., integer MIN..MAX"
                + " or choice A,B,...): rebuild with `mvn -q process-classes`",
                assertThrows(SettingException.class, () -> TargetCatalog.read(root)).getMessage());
    }

    @Test
    void aModuleBuiltWithoutItsKindAsksForARebuild() throws Exception {
        Path module = root.resolve("targets/jetty");
        Files.createDirectories(module.resolve("src/main/resources/META-INF/services"));
        Files.writeString(module.resolve("src/main/resources/META-INF/services/containerbench.launcher.Container"), "x\n");
        Files.createDirectories(module.resolve("target"));
        Files.writeString(module.resolve("target/knobs.txt"), "maxThreads\tthreads\t512\tinteger 1..\tthreads\n");
        var error = assertThrows(SettingException.class, () -> TargetCatalog.read(root));
        assertTrue(error.getMessage().startsWith("cannot read " + module.resolve("target/container.properties")), error.getMessage());
        assertTrue(error.getMessage().endsWith("the jetty target is not built; `mvn -q process-classes` builds it"), error.getMessage());
    }
}
