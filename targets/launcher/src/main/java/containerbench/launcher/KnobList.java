package containerbench.launcher;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Writes the container's knobs to a file, one {@link Knob#line()} each, as {@code --list-knobs}
 * prints them, and what kind of container it is to a second ({@code name}, {@code deploysWars},
 * {@code standalone}), so that the harness's catalog knows which containers take a WAR and which are
 * servers without starting one. The build runs it in Maven's own JVM, so that writing
 * target/knobs.txt and target/container.properties costs no JVM start in every build.
 */
public final class KnobList {

    private KnobList() {
    }

    public static void main(String[] args) throws IOException {
        if (args.length != 2) {
            throw new IllegalArgumentException("usage: KnobList KNOBS-FILE CONTAINER-FILE");
        }
        Container container = TargetMain.onlyContainer();
        Files.writeString(Path.of(args[0]), String.join("\n", container.knobs().stream().map(Knob::line).toList()) + "\n");
        Files.writeString(Path.of(args[1]), "name=" + container.name() + "\ndeploysWars=" + container.deploysWars()
                + "\nstandalone=" + container.standalone() + "\n");
    }
}
