package containerbench.launcher;

import java.util.List;

/**
 * A standalone server's launcher: a distribution that targets/server-parent unpacked for the module
 * ({@link ServerFiles}), named, versioned and started by the subclass in a process group of its own
 * ({@link ServerProcess}).
 */
public abstract class StandaloneServer implements Container {

    private final String name;
    private final List<Knob> knobs;
    /** Where the build put the distribution and the login WAR. */
    protected final ServerFiles files = ServerFiles.of();

    protected StandaloneServer(String name, List<Knob> knobs) {
        this.name = name;
        this.knobs = List.copyOf(knobs);
    }

    @Override
    public final String name() {
        return name;
    }

    /** The distribution's version, as its pom names it. */
    @Override
    public final String version() {
        return files.version();
    }

    @Override
    public final List<Knob> knobs() {
        return knobs;
    }

    /** The unpacked distribution, as the build left it (each launch runs from a copy of its configuration). */
    @Override
    public final List<java.nio.file.Path> installed() {
        return List.of(files.home());
    }

    @Override
    public final boolean standalone() {
        return true;
    }
}
