package containerbench.launcher;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Writes the container's knobs to a file, one {@link Knob#line()} each, as {@code --list-knobs}
 * prints them. The build runs it in Maven's own JVM, so that writing target/knobs.txt costs no JVM
 * start in every build.
 */
public final class KnobList {

    private KnobList() {
    }

    public static void main(String[] args) throws IOException {
        if (args.length != 1) {
            throw new IllegalArgumentException("usage: KnobList FILE");
        }
        Files.writeString(Path.of(args[0]), String.join("\n",
                TargetMain.onlyContainer().knobs().stream().map(Knob::line).toList()) + "\n");
    }
}
