package containerbench.launcher;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

/**
 * Writes the container's knobs to a file, one {@link Knob#line()} each, as {@code --list-knobs}
 * prints them, and what kind of container it is to a second ({@code name}, {@code deploysWars},
 * {@code standalone}), so that the harness's catalog knows which containers take a WAR and which are
 * servers without starting one. The build runs it in Maven's own JVM, so that writing
 * target/knobs.txt and target/container.properties costs no JVM start in every build. A file
 * that already says the same is left alone: every {@code mvn gatling:test} runs this, and one
 * rewriting the file while another's harness reads it (the end-to-end tests run two at once) would
 * hand that one an empty list.
 */
public final class KnobList {

    private KnobList() {
    }

    public static void main(String[] args) throws IOException {
        if (args.length != 2) {
            throw new IllegalArgumentException("usage: KnobList KNOBS-FILE CONTAINER-FILE");
        }
        Container container = TargetMain.onlyContainer();
        writeIfChanged(Path.of(args[0]), String.join("\n", container.knobs().stream().map(Knob::line).toList()) + "\n");
        writeIfChanged(Path.of(args[1]), "name=" + container.name() + "\ndeploysWars=" + container.deploysWars()
                + "\nstandalone=" + container.standalone() + "\nservesLogin=" + container.servesLogin() + "\n");
    }

    /** Writes {@code text} unless the file holds it already, through a file beside it moved into place whole. */
    static void writeIfChanged(Path file, String text) throws IOException {
        if (Files.isRegularFile(file) && Files.readString(file).equals(text)) {
            return;
        }
        Path next = Files.writeString(file.resolveSibling(file.getFileName() + ".next"), text);
        Files.move(next, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    }
}
